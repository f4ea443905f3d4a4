// A dataset larger than one Arrow record batch (the server writes 65,536 rows per batch) opened in the map builder.
// Small test datasets fit one batch and hid that kepler.gl's CommonJS code got a second copy of apache-arrow whose
// Table refused our batches ("Table and inner RecordBatch schemas must be equivalent"). It is also above
// SPRITE_MIN_POINTS, so its points are drawn by PointSpriteLayer: the canvas must show them.
import { expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
const ROWS = 150_000;

function pointsCsv(rows: number): string {
  const lines = ['lat,lng,visits'];
  for (let i = 0; i < rows; i++) lines.push(`${(30 + (i % 1500) / 100).toFixed(2)},${(-120 + ((i * 37) % 4500) / 100).toFixed(2)},${i % 500}`);
  return `${lines.join('\n')}\n`;
}

it('opens a dataset of several record batches with every row in kepler.gl', async () => {
  const analyst = await session.signIn('analyst@example.com');
  const dataset = await session.api<{ id: string }>(analyst.token, 'POST', '/v1/datasets', { name: 'Many batches' });
  const loaded = await session.api<{ status: string }>(analyst.token, 'PUT', `/v1/datasets/${dataset.id}/data?format=csv`, pointsCsv(ROWS), { 'content-type': 'text/csv' });
  expect(loaded.status).toBe('ready');

  const page = await session.openPage(analyst.token);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/new?datasetUuid=${dataset.id}`);
  // kepler.gl's dataset panel counts the rows it holds; the point layer is made from the lat/lng columns.
  await expect.poll(() => page.getByText(`${ROWS.toLocaleString('en-US')} rows`).count(), { timeout: 120_000 }).toBe(1);
  await expect.poll(() => page.locator('.layer__title').count(), { timeout: 60_000 }).toBeGreaterThan(0);
  // deck.gl's canvas (kept with preserveDrawingBuffer) covered by the points: a shader that failed to compile or a
  // point size of zero leaves it empty.
  await expect.poll(() => page.evaluate(paintedShare), { timeout: 120_000 }).toBeGreaterThan(0.05);
  await session.screenshot('map-builder-point-sprites');
  expect(errors).toEqual([]);
});

/** The share of deck.gl's canvas with painted pixels, sampled on a 160×100 grid. */
function paintedShare(): number {
  const deck = document.getElementById('default-deckgl-overlay');
  if (!(deck instanceof HTMLCanvasElement) || deck.width === 0) return 0;
  const probe = document.createElement('canvas');
  probe.width = 160;
  probe.height = 100;
  const context = probe.getContext('2d');
  if (!context) return 0;
  context.drawImage(deck, 0, 0, probe.width, probe.height);
  const pixels = context.getImageData(0, 0, probe.width, probe.height).data;
  let painted = 0;
  for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted++;
  return painted / (probe.width * probe.height);
}
