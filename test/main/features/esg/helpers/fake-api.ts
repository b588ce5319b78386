// A scripted ApiClient: each session follows a list of status answers (or errors), and every
// status call is recorded with the manual clock's time.
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import type { EsgModule, EsgModuleResponse, ProcessingStatus } from '../../../../../src/shared/service/schemas';
import { AppError } from '../../../../../src/shared/errors';

export type Step = Partial<ProcessingStatus> | AppError;

export class FakeEsgApi implements ApiClient {
  readonly statusCalls: Array<{ sessionId: string; at: number }> = [];
  readonly moduleCalls: Array<{ companyId: string; module: EsgModule; paginationToken?: string }> = [];
  private scripts = new Map<string, { companyId: string; module: EsgModule; steps: Step[] }>();
  /** What the module request answers next, per `${companyId}/${module}`. */
  moduleAnswers = new Map<string, Array<EsgModuleResponse | AppError>>();

  constructor(private readonly now: () => number) {}

  script(sessionId: string, companyId: string, module: EsgModule, steps: Step[]): void {
    this.scripts.set(sessionId, { companyId, module, steps: [...steps] });
  }

  async processingStatus(sessionId: string): Promise<ProcessingStatus> {
    this.statusCalls.push({ sessionId, at: this.now() });
    const s = this.scripts.get(sessionId);
    if (!s) throw new AppError('not_found', 'No session with that id', { details: { status: 404 } });
    const step = s.steps.length > 1 ? s.steps.shift()! : s.steps[0];
    if (step instanceof AppError) throw step;
    return { company_id: s.companyId, module: s.module, status: 'processing', result_count: 0, ...step };
  }

  async esgModule(req: { companyId: string; module: EsgModule; pageSize?: number; paginationToken?: string }): Promise<EsgModuleResponse> {
    this.moduleCalls.push({ companyId: req.companyId, module: req.module, paginationToken: req.paginationToken });
    const q = this.moduleAnswers.get(`${req.companyId}/${req.module}`);
    const a = q && (q.length > 1 ? q.shift()! : q[0]);
    if (!a) throw new AppError('not_found', 'no module answer scripted');
    if (a instanceof AppError) throw a;
    return a;
  }

  async search(): Promise<never> {
    throw new Error('not used');
  }
  async match(): Promise<never> {
    throw new Error('not used');
  }
}

export function moduleResponse(p: Partial<EsgModuleResponse> & { company_id: string; module: EsgModule }): EsgModuleResponse {
  return { pagination: { next: null, previous: null }, count: 0, result: [], status: 'complete', active_processing_session: null, ...p };
}
