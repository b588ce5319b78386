// Settings → Team server, in Chromium against a real team server on a real PostgreSQL (started by
// this spec on 127.0.0.1): a used invite refused under its field; joining shows the member; the
// server stopped is "cannot be reached" with the local work untouched, back it is connected again;
// a revoked member is signed out with the reason; leaving forgets the server. No member token or
// invite secret ever reaches the page.
import type { FastifyInstance } from 'fastify';
import { createTeamCore, type TeamCore } from '../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../src/main/shells/team-server/server';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';

let db: TempPostgres;
let core: TeamCore;
let server: FastifyInstance;
let serverUrl: string;
const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

test.beforeAll(async () => {
  db = await startTempPostgres();
  core = await createTeamCore({ databaseUrl: db.url, poolSize: 2 });
  server = buildTeamServer({ core, logStream: quiet });
  serverUrl = await server.listen({ host: '127.0.0.1', port: 0 });
});
test.afterAll(async () => {
  await server?.close();
  await core?.close();
  await db?.stop();
});

test('join a team server, lose it and find it again, be signed out when revoked, leave', async ({ page }) => {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  const used = await core.members.invite({ name: 'Someone Else' });
  await core.members.redeem(used.inviteCode, '127.0.0.2');
  const { inviteCode, member } = await core.members.invite({ name: 'Ada Analyst' });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const team = page.getByRole('region', { name: 'Team server' });
  await expect(team.getByRole('button', { name: 'Join team' })).toBeVisible({ timeout: FIRST_SEARCH_MS });
  await expectNoAxeViolations(page, 'the Team server panel before joining');

  // A used code: refused under the code field, nothing joined.
  await team.getByLabel('Team server URL').fill(serverUrl);
  await team.getByLabel('Invite code').fill(used.inviteCode);
  await team.getByRole('button', { name: 'Join team' }).click();
  await expect(team.getByLabel('Invite code')).toHaveAccessibleDescription(/not valid .*ask a team admin for a new invite/);

  await team.getByLabel('Invite code').fill(inviteCode);
  await team.getByRole('button', { name: 'Join team' }).click();
  await expect(team.getByText('Ada Analyst (member)')).toBeVisible();
  await expect(team.getByText(/^Connected, checked /)).toBeVisible();
  await expectNoAxeViolations(page, 'the Team server panel when connected');

  // The server goes away: the app says so and the rest of the app works as before.
  await server.close();
  await team.getByRole('button', { name: 'Check now' }).click();
  await expect(team.getByText(/cannot be reached .*Your local work is not affected/)).toBeVisible();
  await expect(team.getByText('Ada Analyst (member)')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();

  // Back on the same address: connected again at the next check.
  const port = Number(new URL(serverUrl).port);
  server = buildTeamServer({ core, logStream: quiet });
  await server.listen({ host: '127.0.0.1', port });
  await team.getByRole('button', { name: 'Check again' }).click();
  await expect(team.getByText(/^Connected, checked /)).toBeVisible();

  // Revoked on the server: signed out with the reason, and the join form is back.
  await core.members.revoke(member.id);
  await team.getByRole('button', { name: 'Check now' }).click();
  await expect(team.getByText(/no longer accepts this computer's member token/)).toBeVisible();
  await expect(team.getByLabel('Team server URL')).toHaveValue(serverUrl);

  // Leave with a fresh invite joined first: the panel returns to its first state.
  const again = await core.members.invite({ name: 'Ada Again' });
  await team.getByLabel('Invite code').fill(again.inviteCode);
  await team.getByRole('button', { name: 'Join team' }).click();
  await expect(team.getByText('Ada Again (member)')).toBeVisible();
  await team.getByRole('button', { name: 'Leave team server…' }).click();
  await expect(team.getByRole('alertdialog')).toContainText(`Leave the team server at ${serverUrl} on this computer?`);
  await team.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(team.getByRole('button', { name: 'Join team' })).toBeVisible();
  await expect(team.getByLabel('Team server URL')).toHaveValue('');

  // The page never received a member token, nor an invite's secret after it was typed.
  const seen = frames.join('\n');
  expect(seen).not.toMatch(/fsm_[0-9a-f]{16}_/);
  expect(seen).not.toContain(inviteCode.split('_').slice(2).join('_'));
});
