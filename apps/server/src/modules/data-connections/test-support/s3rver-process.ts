// s3rver in a process of its own, started with OpenSSL's legacy provider: its ListObjectsV2 continuation tokens are
// DES-encrypted, which OpenSSL 3 offers only there, so in the test process a second page would be a 500.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface S3rverProcess {
  endpoint: string;
  close(): Promise<void>;
}

const SCRIPT = `
const S3rver = require('s3rver');
const [directory, buckets] = process.argv.slice(1);
new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: JSON.parse(buckets).map((name) => ({ name, configs: [] })) })
  .run()
  .then((address) => console.log(JSON.stringify({ port: address.port })));
`;

export async function startS3rver(directory: string, buckets: string[]): Promise<S3rverProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SCRIPT, directory, JSON.stringify(buckets)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => { throw new Error('s3rver did not start'); })])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}
