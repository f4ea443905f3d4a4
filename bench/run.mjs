// npm run bench: builds the server, runs the benches and writes their tables to bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEngineBench } from './engine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

console.log('> npx tsc -b');
execFileSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });

const results = path.join(root, 'bench', 'results');
await mkdir(results, { recursive: true });
for (const bench of [runEngineBench]) {
  const { markdown, name } = await bench({ root });
  const file = path.join(results, name);
  await writeFile(file, markdown);
  console.log(`\n${markdown}\nwritten to ${path.relative(root, file)}`);
}
