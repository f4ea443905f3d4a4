import { buildApp } from './app.js';
import { openBlobStore } from './blobs/index.js';
import { loadConfig } from './config.js';
import { openEngine } from './engine/index.js';
import { DEMO_ORGANIZATION, DEMO_USERS, seedDemo } from './seed/demo.js';
import { seedFootTraffic } from './seed/foot-traffic.js';
import { pruneRollups } from './modules/analytics/rollups/store.js';
import { recoverInterruptedLoads } from './modules/datasets/recovery.js';
import { recoverTileBuilds } from './modules/tiles/build-loads.js';
import { startInstance } from './cluster/instance.js';
import { migrate, openStore } from './store/index.js';
import { blame, listenFailure, startupFailure, writableFolder } from './startup.js';

// Until the server listens, a failure is usually a setting to fix: one line naming it, exit 1 (the stack with LOG_LEVEL=debug).
const reportStartupFailure = (error: unknown) => {
  console.error(process.env.LOG_LEVEL === 'debug' ? error : startupFailure(error));
  process.exit(1);
};
process.once('uncaughtException', reportStartupFailure);

const config = loadConfig();
await writableFolder(config.dataDir).catch(blame('DATA_DIR'));
// A PGlite folder already in use (store/folder-lock.ts) is DATA_DIR's too.
const db = await openStore(config).catch(blame(config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'));
const applied = await migrate(db);
// Loads this process runs and files it writes are its own while it beats (docs/deployment.md).
const instance = await startInstance(db, config.cluster);
await seedDemo(db, config.demoPassword);
const engine = await openEngine(config, db);
const blobs = openBlobStore(config);
// Uploads and tile builds of dead processes are failed; vector tile archives nobody serves are removed.
const recover = async () => {
  await recoverInterruptedLoads(db, engine);
  await recoverTileBuilds(db, engine, blobs, config.dataDir);
};
await recover();
instance.everyBeat(recover);
await seedFootTraffic(db, engine, { ...config.demoPanel, dataDir: config.dataDir, log: (message) => console.log(message) });
const pruned = await pruneRollups(db, engine);
if (pruned) console.log(`Removed ${pruned} analytic rollups of deleted panels`);
const app = await buildApp({ db, config, blobs, engine, logger: true });

const shutdown = async () => {
  await app.close();
  await instance.stop();
  await engine.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host }).catch(listenFailure(config.host, config.port));
process.off('uncaughtException', reportStartupFailure);
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
