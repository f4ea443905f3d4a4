// npm start: install what is missing, build, then run the server (migrations and demo seed happen at its start).
import { spawn } from 'node:child_process';
import { build, ensureDependencies, root } from './prepare.mjs';

ensureDependencies();
build();
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
