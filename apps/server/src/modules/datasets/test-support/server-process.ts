// Test helper: a real server process (main.ts through run-ts.mjs), as an operator runs it, to kill or run beside others.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const RUN_TS = fileURLToPath(new URL('./run-ts.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../../../main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  auth: { authorization: string };
  /** Everything it printed so far. */
  output(): string;
}

/** Starts main.ts with these settings (beside the test's environment) and waits until it listens; signs in the administrator. */
export async function startServer(settings: Record<string, string>): Promise<ServerProcess> {
  const env = { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', DEMO_VISITS: '1000', ENGINE_THREADS: '1', ...settings };
  const child = spawn(process.execPath, [RUN_TS, MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const signIn = await fetch(`${base}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo' }),
  });
  return { child, base, auth: { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` }, output: () => output };
}

export async function killServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

/** A JSON call as the administrator. */
export const callJson = async (server: ServerProcess, url: string, init: RequestInit = {}) =>
  (await fetch(`${server.base}${url}`, { ...init, headers: { ...server.auth, 'content-type': 'application/json', ...init.headers } })).json() as Promise<Record<string, unknown>>;
