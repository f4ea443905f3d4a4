// Test helper: runs a TypeScript entry (argv[2]) in a plain Node process, through Vite's module runner with the
// workspace's aliases (vitest.config.ts), so a test can start and kill -9 a real server.
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
const vite = await createServer({
  root,
  configFile: `${root}vitest.config.ts`,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
});
const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
await runner.import(process.argv[2]);
