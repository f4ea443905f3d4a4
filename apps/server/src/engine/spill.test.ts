import { describe, expect, it } from 'vitest';
import { useEngine } from './test-support/engine.js';

describe('engine memory limit', () => {
  const env = useEngine({ memoryLimit: '64MB', threads: 2 });

  it('spills to DATA_DIR/engine/tmp when a query needs more than the memory limit (a 250 MB sort in 64 MB)', async () => {
    const rows = await env.engine.queryRows(
      'SELECT max(rn) AS n, min(h) AS first FROM (SELECT row_number() OVER (ORDER BY h) AS rn, h FROM (SELECT md5(i::VARCHAR) AS h FROM range(4000000) t(i)))',
      [],
    );
    const [expected] = await env.engine.queryRows('SELECT min(md5(i::VARCHAR)) AS first FROM range(4000000) t(i)', []);
    expect(rows).toEqual([{ n: 4000000, first: expected!.first }]);
  });
});
