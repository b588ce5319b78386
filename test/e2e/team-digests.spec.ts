// A team watch's daily digest, end to end in Chromium: the app joins a team server (real, on a real
// PostgreSQL, mailing a real SMTP receiver over STARTTLS) with an invite, shares a saved search and
// makes it a team watch, follows it daily by e-mail from the watch's Digests panel; the sandbox's
// data moves and the server checks; the day ends on the server (its period feed run at the next
// day's first minute); the mail arrives; its firmscope:// link, opened through browser mode's /open,
// shows that check with the mailed company first and its change as the mail said it. The team inbox
// counts the check unread until it is opened there, and the digest is listed as sent; axe on the way.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { generateTestCa, type TestCa } from '../helpers/net-helpers';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { parseRawMail } from '../main/features/digests/helpers/raw-mail';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from '../main/features/digests/helpers/smtp-receiver';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';
import { joinTeam, startTeamNode, type TeamNode } from './team-node';
import { DE_500_5000, expectSearch } from './watches-expected';

const test = steeredTest;
test.use({ viewport: { width: 1440, height: 900 } });

const NAME = 'DE 500-5000 daily';
const body = DE_500_5000;
const RATES = { added: 40, removed: 40, field: 100 };
const expected = expectSearch(body, RATES);

let db: TempPostgres;
let ca: TestCa;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let node: TeamNode | null = null;
/** Resolves with the first mail the receiver gets. */
let firstMail: Promise<string>;
test.beforeAll(async () => {
  db = await startTempPostgres();
  ca = generateTestCa();
  let arrived: (raw: string) => void = () => undefined;
  firstMail = new Promise((resolve) => (arrived = resolve));
  smtp = await startSmtp(ca, {
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        arrived(Buffer.concat(chunks).toString('utf8'));
        cb();
      });
    },
  });
});
test.afterAll(async () => {
  await node?.close();
  await smtp?.close();
  await db?.stop();
  ca?.cleanup();
});

/** The team server, checking the app's own embedded sandbox and mailing digests; an invite for Ada. */
async function startTeamServer(controlUrl: string): Promise<{ serverUrl: string; inviteCode: string }> {
  node = await startTeamNode({
    databaseUrl: db.url,
    controlUrl,
    digests: {
      key: randomBytes(32),
      publicUrl: 'https://team.example.test',
      smtp: { host: '127.0.0.1', port: smtp.port, user: SMTP_USER, password: SMTP_PASSWORD, from: 'Firmscope <digests@example.test>', ca: readFileSync(ca.caFile, 'utf8') },
      pollSeconds: 1,
    },
  });
  return { serverUrl: node.serverUrl, inviteCode: (await node.core.members.invite({ name: 'Ada Analyst', email: 'ada@example.test' })).inviteCode };
}

test('a team watch with a daily e-mail digest: the mail arrives after the day, its link shows the change', async ({ page, host }) => {
  test.setTimeout(240_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await sandboxUp(host.control);
  await control(host.control, '/evolution', { method: 'PUT', body: JSON.stringify({ rates: RATES }) });
  const team = await startTeamServer(host.control);

  // A saved search; join with the invite; share it as a team watch.
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify(body));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${expected.before}`, { timeout: FIRST_SEARCH_MS });
  await page.getByLabel('Name for this search').fill(NAME);
  await page.getByRole('button', { name: 'Save search' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Settings', exact: true }).click();
  await joinTeam(page, team);
  const share = page.getByRole('region', { name: 'Watch a saved search with the team' });
  await share.getByLabel('Saved search').selectOption({ label: NAME });
  await share.getByRole('button', { name: 'Share and watch with the team' }).click();
  await expect(share.getByRole('status')).toHaveText(`‘${NAME}’ is shared with the team and watched on the server.`);
  const row = page.getByRole('table', { name: 'Team watches' }).getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('None');

  // Follow it daily by e-mail, to the member's own address.
  await row.getByRole('button', { name: `Digests of ‘${NAME}’` }).click();
  const digests = page.getByRole('region', { name: `Your digests of ‘${NAME}’` });
  await expect(digests.getByText('You get no digests of this watch.')).toBeVisible();
  const follow = digests.getByRole('form', { name: `Follow ‘${NAME}’` });
  await follow.getByLabel('Send digests by').selectOption({ label: 'E-mail' });
  await follow.getByLabel('How often').selectOption({ label: 'Daily (one digest of the day)' });
  await follow.getByRole('button', { name: 'Follow this watch' }).click();
  await expect(follow.getByRole('status')).toHaveText('Following: Daily by e-mail to ada@example.test.');
  await expect(row).toContainText('Daily by e-mail');
  await expectNoAxeViolations(page, 'a team watch’s digests');
  await digests.getByRole('button', { name: 'Close' }).click();

  // The baseline, the data moves one epoch, the check that finds the changes.
  await row.getByRole('button', { name: `Check now: ‘${NAME}’` }).click();
  await expect(row).toContainText('(the baseline)', { timeout: 60_000 });
  await control(host.control, '/evolution/step', { method: 'POST', body: JSON.stringify({ epochs: 1 }) });
  await row.getByRole('button', { name: `Check now: ‘${NAME}’` }).click();
  await expect(row).toContainText(/: [\d,]+ changes?/, { timeout: 60_000 });
  const changes = expected.entered.size + expected.left.size;
  expect(changes).toBeGreaterThan(0);
  const inbox = page.getByRole('region', { name: 'What changed on the team' });
  await expect(inbox.getByRole('status')).toHaveText('1 check with changes unread');
  await expect(nav.getByRole('button', { name: 'Team, 1 unread' })).toBeVisible();

  // The day ends on the server: its feed at the next day's first minutes queues the daily digest.
  const check = (await node!.core.watches!.store.summaries()).find((w) => w.name === NAME)!.lastCheck!;
  const finished = new Date(check.finishedAt!);
  const nextDay = new Date(Date.UTC(finished.getUTCFullYear(), finished.getUTCMonth(), finished.getUTCDate() + 1, 0, 3));
  expect(await node!.core.digests!.feedPeriods(nextDay)).toBe(1);
  const mail = parseRawMail(await firstMail);
  expect(mail.headers.get('to')).toContain('ada@example.test');
  expect(mail.headers.get('subject')).toContain(`‘${NAME}’`);
  const text = mail.parts.find((p) => p.type.startsWith('text/plain'))!.body;
  expect(text).not.toContain(SMTP_PASSWORD);
  // The first change the mail lists, and its link.
  const first = /^- (.+?): (Entered the search|Left the search|.+?): .*\r?\n {2}(firmscope:\/\/\S+)/m.exec(text);
  expect(first, text).not.toBeNull();
  const [, company, what, link] = first!;
  expect(link).toContain(`check=${check.id}`);

  // The link from the mail, opened through browser mode's /open: that check, that company first.
  await page.goto(`${new URL(page.url()).origin}/open?link=${encodeURIComponent(link!)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open in Firmscope' })).toBeVisible();
  await page.getByRole('button', { name: 'Show it in Firmscope' }).click();
  await expect(page.getByRole('heading', { name: `What ‘${NAME}’ found in check ${check.id}` })).toBeVisible();
  const found = page.getByRole('table', { name: `Changes found by ‘${NAME}’` });
  const marked = found.getByRole('row').nth(1);
  await expect(marked).toHaveAttribute('aria-current', 'true');
  await expect(marked.getByRole('rowheader')).toHaveText(company!);
  // The mail's words for the change: a kind ("Entered the search") or, for a field change, the field.
  await expect(marked).toContainText(/^(Entered|Left) the search$/.test(what!) ? what! : 'Field changed');

  // Opened from the team inbox, the check is read; the digest is listed as sent.
  const entry = inbox.getByRole('row', { name: new RegExp(NAME) });
  await expect(entry).toContainText('Unread');
  await entry.getByRole('button', { name: /^Open the changes of/ }).click();
  await expect(inbox.getByRole('status')).toHaveText('All read');
  await expect(nav.getByRole('button', { name: 'Team', exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Digests of ‘${NAME}’` }).click();
  const sent = page.getByRole('table', { name: 'Digests sent' });
  await expect(sent.getByRole('row').nth(1)).toContainText(/Sent /);
  await expectNoAxeViolations(page, 'the team inbox and a sent digest');
});
