// The Electron shell's intake of firmscope:// links (fakes, no Electron): found on a command line,
// held until the core is ready (only the latest), handed over at once after that, a refused or
// oversized link reported without being handed on, and the scheme registered the way Electron
// documents for a packaged app and for a development run.
import { describe, expect, it } from 'vitest';
import { createLinkIntake, linkInArgv, registerLinkScheme } from '../../../../src/main/shells/electron/deep-link-intake';

const LINK = 'firmscope://watches/2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c/changes?check=12';

describe('linkInArgv', () => {
  it('finds the link among other arguments, whatever the case of its scheme, and nothing else', () => {
    expect(linkInArgv(['/opt/Firmscope/firmscope', '--no-sandbox', LINK])).toBe(LINK);
    expect(linkInArgv(['firmscope', 'FIRMSCOPE://digests'])).toBe('FIRMSCOPE://digests');
    expect(linkInArgv(['firmscope', '--data-dir', '/tmp/x', 'https://example.com'])).toBeNull();
    expect(linkInArgv(['firmscope', `firmscope://digests?${'x'.repeat(2000)}`])).toBeNull();
  });
});

describe('createLinkIntake', () => {
  it('holds the latest link until the core is ready, then hands each over at once', () => {
    const refused: number[] = [];
    const intake = createLinkIntake({ refused: () => void refused.push(1) });
    intake.take('firmscope://digests');
    intake.take(LINK);
    const handed: string[] = [];
    intake.ready((t) => (handed.push(t), true));
    expect(handed).toEqual([LINK]);
    intake.take('firmscope://digests');
    expect(handed).toEqual([LINK, 'firmscope://digests']);
    expect(refused).toEqual([]);
  });

  it('reports a link the core refuses, and an oversized one without handing it on', () => {
    let refused = 0;
    const intake = createLinkIntake({ refused: () => void refused++ });
    const handed: string[] = [];
    intake.ready((t) => (handed.push(t), false));
    intake.take('firmscope://evil');
    intake.take(`firmscope://digests?${'x'.repeat(2000)}`);
    expect(handed).toEqual(['firmscope://evil']);
    expect(refused).toBe(2);
  });
});

describe('registerLinkScheme', () => {
  const fakeApp = (isPackaged: boolean) => {
    const calls: unknown[][] = [];
    return { calls, app: { isPackaged, setAsDefaultProtocolClient: (...a: unknown[]) => (calls.push(a), true) } };
  };

  it('a packaged app registers itself', () => {
    const f = fakeApp(true);
    expect(registerLinkScheme(f.app, ['/opt/Firmscope/firmscope'], '/opt/Firmscope/firmscope')).toBe(true);
    expect(f.calls).toEqual([['firmscope']]);
  });

  it('a development run registers Electron with the app entry, resolved', () => {
    const f = fakeApp(false);
    registerLinkScheme(f.app, ['/x/electron', 'out/main/index.js'], '/x/electron');
    expect(f.calls).toEqual([['firmscope', '/x/electron', [`${process.cwd()}/out/main/index.js`]]]);
  });
});
