// Result of "Test connection": one line per step with outcome, message and timing.
import type { TestReport, TestStep } from '../../shared/profile';
import { formatMs } from '../ui/format';

const STEP_LABEL: Record<TestStep['step'], string> = {
  discovery: 'Discovery',
  token: 'Token',
  api: 'API call',
};

function outcome(s: TestStep): 'ok' | 'failed' | 'skipped' {
  if (s.skipped) return 'skipped';
  return s.ok ? 'ok' : 'failed';
}

export function TestReportView({ report }: { report: TestReport }) {
  return (
    <section className={`test-report test-report--${report.ok ? 'ok' : 'failed'}`} aria-labelledby="test-report-title">
      <h2 id="test-report-title" className="test-report__title">
        {report.ok ? 'Connection test passed' : 'Connection test failed'}
      </h2>
      <ol className="test-report__steps" aria-label="Connection test steps">
        {report.steps.map((s) => {
          const o = outcome(s);
          return (
            <li key={s.step} className={`test-step test-step--${o}`} data-step={s.step} data-outcome={o}>
              <span className="test-step__name">{STEP_LABEL[s.step] ?? s.step}</span>
              <span className={`pill pill--${o === 'ok' ? 'ok' : o === 'failed' ? 'error' : 'off'}`}>{o}</span>
              <span className="test-step__message">{s.message}</span>
              <span className="test-step__ms">{formatMs(s.ms)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
