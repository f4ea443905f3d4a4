// npm run bench [-- engine analytics analysts upload map-builder hextiles hex-pan vectortiles]: builds the server, runs the benches (all, or those named) and writes their tables
// to bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAnalyticsBench } from './analytics.mjs';
import { runAnalystsBench } from './analysts.mjs';
import { runEngineBench } from './engine.mjs';
import { runHexPanBench } from './hex-pan.mjs';
import { runHextilesBench } from './hextiles.mjs';
import { runMapBuilderBench } from './map-builder.mjs';
import { runUploadBench } from './upload.mjs';
import { runVectorTilesBench } from './vectortiles.mjs';

const BENCHES = { engine: runEngineBench, analytics: runAnalyticsBench, analysts: runAnalystsBench, upload: runUploadBench, 'map-builder': runMapBuilderBench, hextiles: runHextilesBench, 'hex-pan': runHexPanBench, vectortiles: runVectorTilesBench };
const named = process.argv.slice(2);
for (const name of named) if (!Object.hasOwn(BENCHES, name)) throw new Error(`Unknown bench ${name}; known: ${Object.keys(BENCHES).join(', ')}`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

console.log('> npx tsc -b');
execFileSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });

const results = path.join(root, 'bench', 'results');
await mkdir(results, { recursive: true });
for (const bench of named.length ? named.map((name) => BENCHES[name]) : Object.values(BENCHES)) {
  const { markdown, name } = await bench({ root });
  const file = path.join(results, name);
  await writeFile(file, markdown);
  console.log(`\n${markdown}\nwritten to ${path.relative(root, file)}`);
}
