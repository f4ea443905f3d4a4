// npm test: install what is missing (chromium included), build, run every test, against the local PostgreSQL and
// Redis too when they answer (TEST_DATABASE_URL, TEST_REDIS_URL), so a new user's run is CI's run.
import net from 'node:net';
import { build, ensureChromium, ensureDependencies, run } from './prepare.mjs';

/** Whether something listens on 127.0.0.1:port. */
const answers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true))).once('error', () => resolve(false));
  });

if (!process.env.TEST_DATABASE_URL && (await answers(5432))) process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
if (!process.env.TEST_REDIS_URL && (await answers(6379))) process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';

ensureDependencies();
ensureChromium();
build();
try {
  // The browser tests are code too: type-checked like the rest (the build covers everything else).
  run('npx', ['tsc', '--noEmit', '-p', 'apps/web/tsconfig.node.json']);
  // So are the server's and the packages' tests (the build leaves them out).
  run('npx', ['tsc', '--noEmit', '-p', 'apps/server/tsconfig.test.json']);
  for (const name of ['analytics', 'client', 'domain', 'pipeline', 'routes']) run('npx', ['tsc', '--noEmit', '-p', `packages/${name}/tsconfig.test.json`]);
  run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
} catch {
  process.exit(1);
}
