// npm run generate -- --visits N --seed S [--out DIR] [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--threads T] [--memory-limit 4GB]
// Writes places/panel/visits/population.parquet and prints progress and timing on stderr.
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_END, DEFAULT_START, DEMO_SEED, DEMO_VISITS, formatProgress, generatePanel, throttleProgress } from '../index.js';
import { parseCount } from './args.js';

const USAGE = `Usage: generate [--visits N] [--seed S] [--out DIR] [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--threads T] [--memory-limit SIZE]
  --visits        number of visits (default ${DEMO_VISITS}; "100M", "5e6" and "5_000_000" are accepted)
  --seed          non-negative integer (default ${DEMO_SEED}); the same seed and visits give byte-identical files
  --out           output directory (default ./foot-traffic)
  --start, --end  first and last local day (default ${DEFAULT_START} .. ${DEFAULT_END})
  --threads       DuckDB threads (default: all cores; the output does not depend on it)
  --memory-limit  DuckDB memory limit, e.g. 4GB (default 2GB); the sort spills to the output directory`;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      visits: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      threads: { type: 'string' },
      'memory-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const visits = values.visits ? parseCount(values.visits) : DEMO_VISITS;
  const seed = values.seed === undefined ? DEMO_SEED : Number(values.seed);
  const threads = values.threads === undefined ? undefined : parseCount(values.threads);
  // One line per stage, and every 5 s within one.
  const onProgress = throttleProgress((p) => process.stderr.write(`[${seconds(p.elapsedMs).padStart(7)}] ${formatProgress(p)}\n`), 5000);
  const files = await generatePanel({
    visits,
    seed,
    outDir: values.out ?? 'foot-traffic',
    ...(values.start ? { start: values.start } : {}),
    ...(values.end ? { end: values.end } : {}),
    ...(threads ? { threads } : {}),
    ...(values['memory-limit'] ? { memoryLimit: values['memory-limit'] } : {}),
    onProgress,
  });
  for (const table of ['places', 'panel', 'visits', 'population'] as const) {
    const { size } = await stat(files[table]);
    console.log(`${files[table]}  ${megabytes(size)}`);
  }
  const { counts } = files;
  console.log(`${counts.visits} visits, ${counts.devices} devices, ${counts.places} places, ${counts.populationCells} population cells in ${seconds(files.elapsedMs)}`);
  console.log(`peak RSS ${megabytes(process.resourceUsage().maxRSS * 1024)}`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.message.startsWith('Unknown option')) console.error(USAGE);
  process.exitCode = 1;
});
