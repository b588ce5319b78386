// Child process for bench/esg-portfolio.ts: the sandbox on its own CPU with ESG sessions of
// SESSION_MS +/- 50 % and a per-client rate limit, control routes on. Prints one JSON line with its URLs.
import { startSandbox } from '../src/sandbox/server';

async function main() {
  const rate = Number(process.argv[2] ?? 50);
  const sessionMs = Number(process.argv[3] ?? 2000);
  const sandbox = await startSandbox({ companies: 25_000, seed: 42, esg: { sessionMs, sessionJitter: 0.5, itemsPerSession: 12 }, rateLimit: { requestsPerSecond: rate }, enableControl: true });
  process.stdout.write(JSON.stringify({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl }) + '\n');
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}
void main();
