// HTTP control routes of the data that changes over time (enableControl / --control only):
// GET/PUT {base_url}/__control/evolution, POST .../evolution/step, GET .../changes.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../api-errors';
import { parse, type SandboxControl } from '../control';
import { CONTROL_PREFIX } from '../guard';
import { ChangesQuerySchema, EvolutionPatchSchema, StepSchema } from './settings';

export function registerEvolutionRoutes(app: FastifyInstance, control: SandboxControl): void {
  const p = CONTROL_PREFIX;
  app.get(`${p}/evolution`, async () => control.evolution());
  app.put(`${p}/evolution`, async (req) => control.setEvolution(parse(EvolutionPatchSchema, req.body)));
  app.post(`${p}/evolution/step`, async (req) => {
    const { epochs } = parse(StepSchema, req.body);
    if (!control.evolution().enabled) throw badRequest('Data evolution is off; PUT /__control/evolution {"enabled": true} before stepping epochs', 'enabled');
    const view = control.stepEpochs(epochs);
    return { ...view, now: control.clock.now() };
  });
  app.get(`${p}/changes`, async (req) => {
    const q = parse(ChangesQuerySchema, req.query);
    const { epoch, epochMs } = control.evolution();
    const since = q.since ?? 0;
    const until = Math.min(q.until ?? epoch, epoch);
    return { epoch, epochMs, since, until, changes: control.changes({ since, until }) };
  });
}
