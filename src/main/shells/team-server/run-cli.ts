// The team server's commands (serve, invite, revoke) and --help; cli.ts is the entry that calls it.
import { parseArgs } from 'node:util';
import { createTeamCore, type TeamCore } from '../compose/create-team-core';
import { loadTeamServerConfig, SETTINGS_HELP, type LoadedConfig } from './config';
import type { TeamWatchSettings } from '../compose/create-team-core';
import { buildTeamServer } from './server';

const DAY = 86_400_000;

export const HELP = [
  'Firmscope team server',
  '',
  'Usage: npm run server -- <command> [--config <settings.json>]',
  '',
  'Commands:',
  '  serve                                  run the server (health at GET /health)',
  '  invite --name <name> [--email <e>] [--admin]   add a member; prints their one-time invite code',
  '  revoke --member <id>                   end a member\'s access at once',
  '',
  'Settings (the JSON file given with --config; every one optional but the database):',
  ...SETTINGS_HELP.map(([k, v]) => `  ${k.padEnd(32)} ${v}`),
  '',
  'Secrets never go in the settings file: the database URL (FIRMSCOPE_DATABASE_URL or databaseUrlFile) and',
  'the service\'s client secret (FIRMSCOPE_SERVICE_SECRET or service.clientSecretFile), each file mode 0600.',
].join('\n');

export async function runCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { config: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, admin: { type: 'boolean' }, member: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || !command) {
    out(HELP);
    return values.help ? 0 : 2;
  }
  const loaded = loadTeamServerConfig(values.config ?? null);
  const { config, databaseUrl } = loaded;
  const serving = command === 'serve';
  const core = await createTeamCore({
    databaseUrl,
    poolSize: config.databasePoolSize,
    inviteTtlMs: config.inviteTtlDays * DAY,
    tokenTtlMs: config.tokenTtlDays * DAY,
    watches: serving ? watchSettings(loaded, out) : undefined,
  });
  if (serving) return serve(core, config.listen, loaded.tls, out);
  try {
    if (command === 'invite') {
      if (!values.name) throw new Error('invite needs --name <name>.');
      const r = await core.members.invite({ name: values.name, email: values.email ?? null, role: values.admin ? 'admin' : 'member' });
      out(`Member ${r.member.name} (${r.member.id}) added. Their invite code, valid until ${r.expiresAt.toISOString()}, shown once:`);
      out(r.inviteCode);
      return 0;
    }
    if (command === 'revoke') {
      if (!values.member) throw new Error('revoke needs --member <id>.');
      await core.members.revoke(values.member);
      out(`Member ${values.member} revoked: their tokens stop working now.`);
      return 0;
    }
    out(`Unknown command "${command}".\n\n${HELP}`);
    return 2;
  } finally {
    await core.close();
  }
}

function watchSettings({ config, serviceSecret, digests }: LoadedConfig, out: (line: string) => void): TeamWatchSettings {
  const service = config.service && serviceSecret ? { settings: config.service, secret: serviceSecret } : null;
  if (!service) out('No service in the settings: team watches are kept but not checked until one is set (--help).');
  if (!digests) out('No digests in the settings: no digest mails or chat messages are sent (--help).');
  // One JSON line per check this node ran: which check and how it ended, nothing else.
  const log = (line: object) => out(JSON.stringify({ ...line, at: new Date().toISOString() }));
  return {
    service,
    ...config.watches,
    onCheck: (checkId, result) => log({ event: 'check', checkId, result }),
    // Delivery ids, channels and states only: never a target, a text or a secret (worker.ts).
    digests: digests ? { ...digests, log } : undefined,
  };
}

async function serve(core: TeamCore, listen: { host: string; port: number }, tls: LoadedConfig['tls'], out: (line: string) => void): Promise<number> {
  const app = buildTeamServer({ core, tls: tls ?? undefined });
  const address = await app.listen({ host: listen.host, port: listen.port });
  out(`Firmscope team server listening on ${address}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await app.close();
  await core.close();
  return 0;
}
