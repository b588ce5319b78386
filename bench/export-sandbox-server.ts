// Child process for bench/export-csv.ts: a sandbox of N companies on its own CPU, so the
// measured process holds only the client side. Prints one JSON line with its URLs.
import { startSandbox } from '../src/sandbox/server';

async function main() {
  const companies = Number(process.argv[2] ?? 10_000);
  const sandbox = await startSandbox({ companies, seed: 3 });
  process.stdout.write(JSON.stringify({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl }) + '\n');
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}
void main();
