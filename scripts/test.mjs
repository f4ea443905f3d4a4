// npm test: install what is missing (chromium included), build, run every test.
import { build, ensureChromium, ensureDependencies, run } from './prepare.mjs';

ensureDependencies();
ensureChromium();
build();
try {
  run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
} catch {
  process.exit(1);
}
