// Result of "Test connection": one line per step with outcome, message and timing, then the
// client's permissions in one line (Search / ESG / Match: access or no access).
import type { TestReport, TestStep } from '../../shared/profile';
import { formatMs } from '../ui/format';

const STEP_LABEL: Record<TestStep['step'], string> = {
  discovery: 'Discovery',
  token: 'Token',
  api: 'Search',
  esg: 'ESG access',
  match: 'Match access',
};

const PERMISSION: Partial<Record<TestStep['step'], string>> = { api: 'Search', esg: 'ESG', match: 'Match' };

type Outcome = 'ok' | 'failed' | 'skipped' | 'no access';

function outcome(s: TestStep): Outcome {
  if (s.skipped) return 'skipped';
  if (s.noAccess) return 'no access';
  return s.ok ? 'ok' : 'failed';
}

const PILL: Record<Outcome, string> = { ok: 'ok', failed: 'error', skipped: 'off', 'no access': 'warn' };

/** "Search: access · ESG: no access · Match: access" for the steps that ran. */
export function permissionSummary(report: TestReport): string {
  return report.steps
    .filter((s) => PERMISSION[s.step] && !s.skipped)
    .map((s) => `${PERMISSION[s.step]}: ${s.noAccess ? 'no access' : s.ok ? 'access' : 'not checked (failed)'}`)
    .join(' · ');
}

export function TestReportView({ report }: { report: TestReport }) {
  const permissions = permissionSummary(report);
  return (
    <section className={`test-report test-report--${report.ok ? 'ok' : 'failed'}`} aria-labelledby="test-report-title">
      <h2 id="test-report-title" className="test-report__title">
        {report.ok ? 'Connection test passed' : 'Connection test failed'}
      </h2>
      {permissions ? (
        <p className="test-report__permissions" data-testid="test-permissions">
          {permissions}
        </p>
      ) : null}
      <ol className="test-report__steps" aria-label="Connection test steps">
        {report.steps.map((s) => {
          const o = outcome(s);
          return (
            <li key={s.step} className={`test-step test-step--${o.replace(' ', '-')}`} data-step={s.step} data-outcome={o}>
              <span className="test-step__name">{STEP_LABEL[s.step] ?? s.step}</span>
              <span className={`pill pill--${PILL[o]}`}>{o}</span>
              <span className="test-step__message">{s.message}</span>
              <span className="test-step__ms">{formatMs(s.ms)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
