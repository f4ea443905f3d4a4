// Brings a fresh clone to a runnable state with nothing but Node and npm: dependencies, browser (tests), build.
// Uses only Node built-ins, because it runs before node_modules exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  console.log(`> ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const manifests = () => [
  path.join(root, 'package.json'),
  path.join(root, 'package-lock.json'),
  ...['apps', 'packages'].flatMap((dir) =>
    readdirSync(path.join(root, dir)).map((name) => path.join(root, dir, name, 'package.json')),
  ),
];

/** npm ci on a fresh clone; npm install when a manifest changed since the last install. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return run('npm', ['ci', '--no-audit', '--no-fund']);
  if (Math.max(...manifests().map(mtime)) > mtime(marker)) run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Browser tests drive Debian's chromium; it comes from apt, never from a browser download. */
export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(wanted)) return;
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    const [cmd, ...pre] = [...sudo, 'apt-get'];
    run(cmd, [...pre, 'update'], { env });
    run(cmd, [...pre, 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], { env });
  } catch {
    throw new Error('Chromium is needed for the browser tests: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
  }
}

/** TypeScript projects build incrementally; the web bundle is rebuilt only when its inputs changed. */
export function build() {
  run('npx', ['tsc', '-b']);
  const webInputs = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages']
    .map((entry) => newestMtime(path.join(root, entry)));
  if (Math.max(...webInputs) > mtime(path.join(root, 'apps/web/dist/index.html'))) run('npm', ['run', 'build', '-w', '@atlas/web']);
}
