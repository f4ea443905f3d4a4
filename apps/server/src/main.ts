import { buildApp } from './app.js';
import { openBlobStore } from './blobs/index.js';
import { loadConfig } from './config.js';
import { openEngine } from './engine/index.js';
import { DEMO_ORGANIZATION, DEMO_USERS, seedDemo } from './seed/demo.js';
import { seedFootTraffic } from './seed/foot-traffic.js';
import { pruneRollups } from './modules/analytics/rollups/store.js';
import { migrate, openStore } from './store/index.js';

const config = loadConfig();
const db = await openStore(config);
const applied = await migrate(db);
await seedDemo(db, config.demoPassword);
const engine = await openEngine(config);
await seedFootTraffic(db, engine, { ...config.demoPanel, dataDir: config.dataDir, log: (message) => console.log(message) });
const pruned = await pruneRollups(db, engine);
if (pruned) console.log(`Removed ${pruned} analytic rollups of deleted panels`);
const app = await buildApp({ db, config, blobs: openBlobStore(config), engine, logger: true });

const shutdown = async () => {
  await app.close();
  await engine.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(
  [
    '',
    `Atlas Studio is running at ${url}  (API ${url}/v1, docs ${url}/v1/docs)`,
    `Metadata store: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`,
    `Demo organization "${DEMO_ORGANIZATION}", password "${config.demoPassword}" (DEMO_PASSWORD) for:`,
    ...DEMO_USERS.map((user) => `  ${user.email.padEnd(22)} ${user.isAdmin ? 'administrator' : user.seat}`),
    '',
  ].join('\n'),
);
