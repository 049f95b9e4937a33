/** `npm run demo` on a fresh machine (issue 21 §11): install what is missing, or say in one line what to run. */
import { describe, expect, it } from 'vitest';
import { type EnsureDeps, ensureInstalled } from '../../tools/chromium/ensure-browser';

const CHROMIUM = { name: 'Chromium', path: '/usr/bin/chromium', apt: 'chromium' };
const OPENSSL = { name: 'openssl', path: '/usr/bin/openssl', apt: 'openssl' };

function machine(present: string[], root: boolean, installs = true) {
  const files = new Set(present);
  const calls: string[][] = [];
  const said: string[] = [];
  const deps: EnsureDeps = {
    exists: (p) => files.has(p),
    isRoot: () => root,
    run: (command, args) => {
      calls.push([command, ...args]);
      if (!installs) throw new Error('E: Unable to locate package');
      if (args[0] === 'install') for (const pkg of args.slice(3)) files.add(`/usr/bin/${pkg}`);
    },
    say: (line) => said.push(line),
  };
  return { deps, calls, said };
}

describe('ensureInstalled', () => {
  it('does nothing when everything is there', () => {
    const m = machine(['/usr/bin/chromium', '/usr/bin/openssl'], true);
    expect(ensureInstalled([CHROMIUM, OPENSSL], m.deps)).toBeUndefined();
    expect(m.calls).toEqual([]);
  });

  it('as root on Debian: installs only what is missing, says so once, and goes on', () => {
    const m = machine(['/usr/bin/apt-get', '/usr/bin/openssl'], true);
    expect(ensureInstalled([CHROMIUM, OPENSSL], m.deps)).toBeUndefined();
    expect(m.calls).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'chromium'],
    ]);
    expect(m.said).toHaveLength(1);
  });

  it('not root: one line naming the command, nothing run', () => {
    const m = machine(['/usr/bin/apt-get'], false);
    const line = ensureInstalled([CHROMIUM, OPENSSL], m.deps);
    expect(line).toBe(
      'The demo needs Chromium (/usr/bin/chromium) and openssl (/usr/bin/openssl): run `sudo apt-get install -y chromium openssl`, then `npm run demo` again.',
    );
    expect(line).not.toContain('\n');
    expect(m.calls).toEqual([]);
  });

  it('apt-get fails: one line with the command, no stack trace', () => {
    const m = machine(['/usr/bin/apt-get'], true, false);
    const line = ensureInstalled([CHROMIUM], m.deps);
    expect(line).toBe(
      'Installing chromium failed: run `apt-get install -y chromium` as root, then `npm run demo` again.',
    );
  });
});
