// The deployment examples docs/server.md points to are true: the systemd unit passes systemd's own
// check (systemd-analyze verify: no unknown key, every program it runs exists) and runs the server's
// real entry with a command and flag the CLI takes; its credentials are the secrets the settings
// read from files; the container image runs the same entry and stops the way a node stops.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/main/shells/team-server/run-cli';

const unit = readFileSync('deploy/firmscope-server.service', 'utf8');
const containerfile = readFileSync('deploy/Containerfile', 'utf8');
const ENTRY = 'src/main/shells/team-server/cli.ts';

function systemdAnalyze(): string {
  const found = spawnSync('systemd-analyze', ['--version']);
  if (found.status === 0) return 'systemd-analyze';
  throw new Error('systemd-analyze is missing: install the Debian package systemd (scripts/test-all.sh lists it).');
}

describe('deploy/firmscope-server.service', () => {
  it('passes systemd-analyze verify with nothing to say', () => {
    const r = spawnSync(systemdAnalyze(), ['verify', 'deploy/firmscope-server.service'], { encoding: 'utf8' });
    expect(r.stderr.trim()).toBe('');
    expect(r.status).toBe(0);
  });

  it('runs the server entry with serve --config, as a user of its own, and hands over each secret file as a credential', () => {
    const exec = /^ExecStart=(.+)$/m.exec(unit)![1]!.split(' ');
    expect(exec).toEqual(['/usr/bin/node', '--import', 'tsx', ENTRY, 'serve', '--config', '/etc/firmscope/server.json']);
    expect(existsSync(ENTRY)).toBe(true);
    expect(HELP).toContain('  serve ');
    expect(HELP).toContain('--config <settings.json>');
    expect(unit).toMatch(/^User=firmscope$/m);
    const credentials = [...unit.matchAll(/^LoadCredential=([a-z-]+):/gm)].map((m) => m[1]);
    expect(credentials).toEqual(['database-url', 'service-secret', 'digest-key', 'smtp-password']);
    // Each is a secret the settings read from a 0600 file.
    for (const setting of ['databaseUrlFile', 'service.clientSecretFile', 'digests.keyFile', 'digests.smtp.passwordFile']) expect(HELP).toContain(setting);
    const docs = readFileSync('docs/server.md', 'utf8');
    for (const c of credentials) expect(docs).toContain(`/run/credentials/firmscope-server.service/${c}`);
  });
});

describe('deploy/Containerfile', () => {
  it('runs the same entry, serve --config by default, stops on SIGTERM, as the unprivileged node user', () => {
    expect(containerfile).toContain(`ENTRYPOINT ["node", "--import", "tsx", "${ENTRY}"]`);
    expect(containerfile).toContain('CMD ["serve", "--config", "/etc/firmscope/server.json"]');
    expect(containerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(containerfile).toMatch(/^USER node$/m);
    // Every file it copies exists in the repository.
    for (const m of containerfile.matchAll(/^COPY (.+) \S+$/gm)) for (const path of m[1]!.split(' ')) if (!path.includes('*')) expect(existsSync(path), path).toBe(true);
    expect(execFileSync('git', ['ls-files', 'package-lock.json']).toString().trim()).toBe('package-lock.json');
  });
});
