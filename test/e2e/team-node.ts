// The team server the team E2E specs start: a real one (Fastify, on the spec's PostgreSQL) checking
// the app's own embedded sandbox with the team's credential, digests when given; and joining it
// from Settings as the app does.
import type { FastifyInstance } from 'fastify';
import type { Page } from '@playwright/test';
import { createTeamCore, type TeamCore } from '../../src/main/shells/compose/create-team-core';
import type { TeamDigestSettings } from '../../src/main/shells/compose/team-digests';
import { buildTeamServer } from '../../src/main/shells/team-server/server';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { expect } from './fixtures';

export interface TeamNode {
  core: TeamCore;
  server: FastifyInstance;
  serverUrl: string;
  close(): Promise<void>;
}

export async function startTeamNode(o: { databaseUrl: string; controlUrl: string; digests?: TeamDigestSettings }): Promise<TeamNode> {
  const baseUrl = o.controlUrl.replace(/\/__control$/, '');
  const core = await createTeamCore({
    databaseUrl: o.databaseUrl,
    poolSize: 4,
    watches: {
      service: { settings: { authUrl: baseUrl.replace(/\/api$/, '/auth'), baseUrl, clientId: SANDBOX_CLIENTS.analyst.id, scope: 'api:use', requestsPerSecond: null, dailyBudget: null }, secret: SANDBOX_CLIENTS.analyst.secret },
      timeZone: 'UTC',
      rowCap: 10_000,
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
      ...(o.digests ? { digests: o.digests } : {}),
    },
  });
  const server = buildTeamServer({ core, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
  const serverUrl = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    core,
    server,
    serverUrl,
    async close() {
      await server.close();
      await core.close();
    },
  };
}

/** Settings → Team server (already open): join with the invite, then open the Team screen. */
export async function joinTeam(page: Page, team: { serverUrl: string; inviteCode: string }, memberName = 'Ada Analyst'): Promise<void> {
  const region = page.getByRole('region', { name: 'Team server' });
  await region.getByLabel('Team server URL').fill(team.serverUrl);
  await region.getByLabel('Invite code').fill(team.inviteCode);
  await region.getByRole('button', { name: 'Join team' }).click();
  await expect(region.getByText(`${memberName} (member)`)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Team/ }).click();
}
