/**
 * `npm run demo` on a fresh machine (issue 21 §11): the first command does all the set-up it can.
 * A missing Debian package (chromium, firefox-esr, openssl) is installed with apt-get when we are
 * root on Debian, as .ci/run does; otherwise one line says what to run. Never a stack trace.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Needed {
  /** What the person would call it. */
  name: string;
  /** The binary that must exist afterwards. */
  path: string;
  /** Debian's package. */
  apt: string;
}

export interface EnsureDeps {
  exists: (path: string) => boolean;
  isRoot: () => boolean;
  run: (command: string, args: string[]) => void;
  say: (line: string) => void;
}

const systemDeps: EnsureDeps = {
  exists: existsSync,
  isRoot: () => process.getuid?.() === 0,
  run: (command, args) => {
    execFileSync(command, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  },
  say: (line) => console.log(line),
};

/** undefined when every binary is there (installed now if need be); else the one line to print. */
export function ensureInstalled(needed: readonly Needed[], deps: EnsureDeps = systemDeps): string | undefined {
  const missing = needed.filter((n) => !deps.exists(n.path));
  if (missing.length === 0) return undefined;
  const packages = missing.map((n) => n.apt);
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (deps.isRoot() && deps.exists('/usr/bin/apt-get')) {
    deps.say(`Installing Debian's ${packages.join(', ')} (once; about a minute)…`);
    try {
      deps.run('apt-get', ['update', '-qq']);
      deps.run('apt-get', ['install', '-y', '-qq', ...packages]);
    } catch {
      return `Installing ${packages.join(', ')} failed: run \`${command}\` as root, then \`npm run demo\` again.`;
    }
    const still = missing.filter((n) => !deps.exists(n.path));
    if (still.length === 0) return undefined;
    return `${still.map((n) => n.name).join(' and ')} is still missing after apt-get: run \`${command}\` as root, then \`npm run demo\` again.`;
  }
  const names = missing.map((n) => `${n.name} (${n.path})`).join(' and ');
  return `The demo needs ${names}: run \`sudo ${command}\`, then \`npm run demo\` again.`;
}
