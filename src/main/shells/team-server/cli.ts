// `npm run server -- <command> [--config <file>]`: runs the team server, or does an admin task on
// its database. --help lists the commands and every setting.
import { runCli } from './run-cli';

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`Firmscope team server: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
