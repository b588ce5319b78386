// Child process for bench/export-csv.ts: a sandbox of N companies on its own CPU, so the
// measured process holds only the client side. Prints one JSON line with its URLs.
import { startSandbox } from '../src/sandbox/server';

async function main() {
  const companies = Number(process.argv[2] ?? 10_000);
  const latencyMs = Number(process.argv[3] ?? 0);
  const sandbox = await startSandbox({ companies, seed: 3, ...(latencyMs ? { faults: { latencyMs, targets: ['search'] } } : {}) });
  process.stdout.write(JSON.stringify({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl }) + '\n');
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}
void main();
