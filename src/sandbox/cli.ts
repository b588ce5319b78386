// `npm run sandbox -- [options]`: serves the sandbox on 127.0.0.1 and prints one JSON line
// {"auth_url": ..., "base_url": ...} once ready.
import { parseArgs } from 'node:util';
import { SANDBOX_CLIENTS } from './clients';
import { MIN_EPOCH_MS } from './evolution/settings';
import { startSandbox } from './server';

const HELP = `Usage: npm run sandbox -- [options]

Serves the Firmscope sandbox (the company-data service on loopback, 127.0.0.1 only).
Prints one JSON line {"auth_url": ..., "base_url": ...} when ready; Ctrl+C stops it.

Options:
  --port <n>          Port to listen on (default 0 = random free port)
  --seed <n>          Dataset seed (default 42)
  --companies <n>     Number of generated companies (default 25000)
  --token-ttl <s>     Access token lifetime in seconds (default 3600)
  --esg-session-ms <n>  Typical duration of an ESG processing session in ms (default 4000)
  --esg-session-jitter <f>  Spread of session durations, 0..1: each lasts ms x (1 +/- f) (default 0.5)
  --rate-limit <n>    Requests per second per client (token bucket); over it: 429 with Retry-After (default off)
  --rate-burst <n>    Bucket size of the rate limit (default: one second's worth)
  --forget-sessions-every <ms>  Forget every ESG session still processing this often, as a service
                      that restarts would (their status answers 404; default off)
  --epoch-ms <n>      Length of a data epoch in ms: each new epoch adds, removes and edits companies
                      and moves ESG data (default 86400000 = 24 h; at least 1000)
  --no-evolution      Keep the data as generated (no epochs)
  --control           Expose test controls under {base_url}/__control/* (E2E only, never for normal use)
  --verbose           Log every request (pino JSON on stderr)
  --help              Show this help

Demo clients (client_id / client_secret):
${Object.values(SANDBOX_CLIENTS)
  .map((c) => `  ${c.id} / ${c.secret}  (${c.state === 'active' ? c.permissions.join(', ') : c.state})`)
  .join('\n')}
`;

function numberOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    process.stderr.write(`--${name} needs a number from ${min} to ${max}\n`);
    process.exit(2);
  }
  return n;
}

function intOption(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    process.stderr.write(`--${name} needs a whole number >= ${min}\n`);
    process.exit(2);
  }
  return Number(raw);
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        companies: { type: 'string' },
        'token-ttl': { type: 'string' },
        'esg-session-ms': { type: 'string' },
        'esg-session-jitter': { type: 'string' },
        'rate-limit': { type: 'string' },
        'rate-burst': { type: 'string' },
        'forget-sessions-every': { type: 'string' },
        'epoch-ms': { type: 'string' },
        'no-evolution': { type: 'boolean' },
        control: { type: 'boolean' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const sessionMs = intOption('esg-session-ms', values['esg-session-ms'] as string | undefined, 0);
  const sessionJitter = numberOption('esg-session-jitter', values['esg-session-jitter'] as string | undefined, 0, 1) ?? 0.5;
  const rate = numberOption('rate-limit', values['rate-limit'] as string | undefined, 0, 100_000);
  const burst = intOption('rate-burst', values['rate-burst'] as string | undefined, 1);
  const forgetEvery = intOption('forget-sessions-every', values['forget-sessions-every'] as string | undefined, 100);
  const epochMs = intOption('epoch-ms', values['epoch-ms'] as string | undefined, MIN_EPOCH_MS);
  const handle = await startSandbox({
    port: intOption('port', values.port as string | undefined, 0),
    seed: intOption('seed', values.seed as string | undefined, 0),
    companies: intOption('companies', values.companies as string | undefined, 1),
    tokenTtlSeconds: intOption('token-ttl', values['token-ttl'] as string | undefined, 1),
    esg: { sessionJitter, ...(sessionMs === undefined ? {} : { sessionMs }) },
    rateLimit: rate ? { requestsPerSecond: rate, ...(burst ? { burst } : {}) } : undefined,
    enableControl: values.control === true,
    ...(forgetEvery ? { forgetEsgSessionsEveryMs: forgetEvery } : {}),
    evolution: { enabled: values['no-evolution'] !== true, ...(epochMs === undefined ? {} : { epochMs }) },
    logger: values.verbose === true,
  });
  process.stdout.write(`${JSON.stringify({ auth_url: handle.authUrl, base_url: handle.baseUrl })}\n`);
  const stop = () => {
    void handle.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
