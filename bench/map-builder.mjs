// Map builder bench: a dataset of N points opened in the builder (/new?datasetUuid=…) in headless Chromium with
// WebGL through SwiftShader, timed from navigation to the layer drawn, with its phases: page loaded, Arrow downloaded,
// the layer's data in kepler.gl's state, and deck.gl's canvas (kept with preserveDrawingBuffer) painted. p50/p95.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { chromium } from 'playwright-core';
import { api, arrowCopyWritten, fmt, ms, signIn, startServer, stats } from './support.mjs';

const SIZES = (process.env.BENCH_MAP_POINTS ?? '1000000,5000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);
const DRAW_TIMEOUT_MS = 600_000;
const VIEWPORT = { width: 1440, height: 900 };
// How often the page is checked: reading deck.gl's canvas back waits for the GPU (SwiftShader) to finish its frame.
const POLL_MS = 100;

/** N points scattered over the continental United States, as CSV, generated while it is sent. */
function pointsCsv(count) {
  let i = 0;
  return Readable.from(
    (function* rows() {
      yield 'lat,lng,value\n';
      const chunk = 50_000;
      while (i < count) {
        const lines = [];
        for (const end = Math.min(count, i + chunk); i < end; i++) {
          const lat = 25 + ((i * 7919) % 2400) / 100;
          const lng = -124 + ((i * 104729) % 5700) / 100;
          lines.push(`${lat},${lng},${i % 1000}`);
        }
        yield `${lines.join('\n')}\n`;
      }
    })(),
  );
}

/**
 * True once kepler.gl lists a layer in its side panel (addDataToMap done, the layer made). Read from the DOM: reaching
 * kepler.gl's state through React's fibers on every check slowed the page it measured (1 M points: 26 s instead of 10 s).
 */
function layerInState() {
  return document.querySelector('.layer__title') !== null;
}

/**
 * Which cells of a coarse grid over deck.gl's canvas (kept with preserveDrawingBuffer) hold painted pixels, as a string
 * of 0s and 1s; empty before the canvas exists.
 */
function paintedCells() {
  const deck = document.getElementById('default-deckgl-overlay');
  if (!(deck instanceof HTMLCanvasElement) || deck.width === 0) return '';
  const probe = document.createElement('canvas');
  probe.width = 64;
  probe.height = 40;
  const context = probe.getContext('2d');
  context.drawImage(deck, 0, 0, probe.width, probe.height);
  const pixels = context.getImageData(0, 0, probe.width, probe.height).data;
  let cells = '';
  for (let i = 3; i < pixels.length; i += 4) cells += pixels[i] > 0 ? '1' : '0';
  return cells;
}

// The map counts as settled once deck.gl's canvas shows the same cells for this long after the layer is listed.
const SETTLED_MS = 3_000;

/**
 * When deck.gl's canvas first showed the points as the map settles on them (ms from `start`): the earliest check from
 * which every later one shows the same painted cells. Painted pixels alone are not enough: kepler.gl can draw the layer
 * once under the view it started with (San Francisco, zoom 9) before the view fitted to the data reaches deck.gl, and
 * that frame has points in it too.
 */
async function firstSettledPaint(page, start, listed, failed) {
  const checks = [];
  const until = Date.now() + DRAW_TIMEOUT_MS;
  for (;;) {
    const cells = await Promise.race([page.evaluate(paintedCells), failed]);
    checks.push({ at: ms(start), cells });
    const last = checks.at(-1);
    const stable = checks.filter((check) => check.at >= last.at - SETTLED_MS);
    const settled = listed() && last.cells.includes('1') && checks[0].at <= last.at - SETTLED_MS && stable.every((check) => check.cells === last.cells);
    if (settled) {
      let first = checks.length - 1;
      while (first > 0 && checks[first - 1].cells === last.cells) first--;
      return checks[first].at;
    }
    if (Date.now() > until) throw new Error('the map did not settle');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** One open, with its phases in ms from navigation: page loaded, Arrow downloaded, layer in kepler.gl's state, layer painted. */
async function openOnce(browser, base, token, datasetId) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((value) => window.localStorage.setItem('atlas.token', value), token);
  const page = await context.newPage();
  // Headless Chromium paints WebGL canvases of the front page only.
  await page.bringToFront();
  try {
    // A script error in the page (kepler.gl refusing the data, say) ends the run instead of waiting for the timeout.
    const failed = new Promise((_, reject) => page.on('pageerror', (error) => reject(new Error(`the map builder failed: ${error.message}`))));
    failed.catch(() => undefined);
    const until = (check) => Promise.race([page.waitForFunction(check, undefined, { timeout: DRAW_TIMEOUT_MS, polling: POLL_MS }), failed]);
    const start = process.hrtime.bigint();
    let downloaded;
    page.on('requestfinished', (request) => {
      if (request.url().includes(`/v1/datasets/${datasetId}/data`)) downloaded = ms(start);
    });
    await page.goto(`${base}/new?datasetUuid=${datasetId}`, { waitUntil: 'load' });
    const loaded = ms(start);
    // Both watched at once: kepler.gl's panel may list the layer after deck.gl has drawn it, and a canvas read after
    // that waits for the frames queued since (seconds each for a million points in SwiftShader).
    let inState;
    const listing = until(layerInState).then(() => (inState = ms(start)));
    const [, drawn] = await Promise.all([listing, firstSettledPaint(page, start, () => inState !== undefined, failed)]);
    return { loaded, downloaded: downloaded ?? Number.NaN, inState, drawn };
  } finally {
    await context.close();
  }
}

export async function runMapBuilderBench({ root }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-bench-map-'));
  const server = await startServer(root, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking'],
  });
  try {
    const token = await signIn(server.base);
    const results = [];
    for (const points of SIZES) {
      const dataset = await (await api(server.base, token, 'POST', '/v1/datasets', { name: `bench ${points} points` })).json();
      const uploadStart = process.hrtime.bigint();
      const loaded = await (await api(server.base, token, 'PUT', `/v1/datasets/${dataset.id}/data`, ReadableStream.from(pointsCsv(points)), { 'content-type': 'text/csv' })).json();
      if (loaded.status !== 'ready') throw new Error(`the ${points}-point dataset did not load: ${loaded.errorMessage}`);
      const uploadMs = ms(uploadStart);
      // Opened once its Arrow copy is written, as a dataset is but for the seconds after its upload.
      await arrowCopyWritten(server.base, token, dataset.id, uploadStart);
      const samples = [];
      for (let run = 0; run < RUNS; run++) samples.push(await openOnce(browser, server.base, token, dataset.id));
      const phase = (name) => stats(samples.map((sample) => sample[name])).p50;
      results.push({ points, uploadMs, stats: stats(samples.map((sample) => sample.drawn)), phases: { loaded: phase('loaded'), downloaded: phase('downloaded'), inState: phase('inState') } });
    }
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      `# Map builder bench, ${date}`,
      '',
      `Headless Chromium (${VIEWPORT.width}×${VIEWPORT.height}, WebGL through SwiftShader, no GPU), built web app served by the built server on PGlite.`,
      'Timed from navigation to /new?datasetUuid=… until kepler.gl lists the layer and deck.gl has painted it as the map settles (Arrow download, kepler.gl processing, first draw of the fitted view).',
      `${RUNS} runs per size, each in a fresh browser context (no HTTP cache). Target: 1 M points within 3 s.`,
      '',
      'Phases (p50, ms from navigation): page loaded; Arrow downloaded; layer listed in kepler.gl\'s panel (addDataToMap done); drawn = deck.gl canvas first painted with the cells it shows once settled (3 s unchanged after the layer is listed).',
      '',
      '| points | runs | drawn p50 (ms) | drawn p95 (ms) | min (ms) | page loaded | Arrow downloaded | layer in state | upload + conversion (ms) |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        ({ points, uploadMs, stats: s, phases: p }) =>
          `| ${points.toLocaleString('en-US')} | ${s.runs} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.min)} | ${fmt(p.loaded)} | ${fmt(p.downloaded)} | ${fmt(p.inState)} | ${fmt(uploadMs)} |`,
      ),
      '',
    ];
    return { name: `map-builder-${date}.md`, markdown: lines.join('\n') };
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
