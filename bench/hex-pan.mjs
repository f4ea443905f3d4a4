// Hex tiles pan and zoom bench (issue 19): BENCH_HEX_PAN_POINTS (default 10 M) points over the contiguous US built into
// a hex tileset on the built server, opened in the map builder (/new?datasetUuid=<tileset>, our Hex Tile layer) in
// headless Chromium with WebGL through SwiftShader, then a scripted session: mouse drags at country zoom, the mouse
// wheel step by step down to street zoom around a city, drags at each zoom reached. Every frame is timed in the page
// (requestAnimationFrame deltas); per phase: frames, p50, p95, max, frames over 100 ms, tile requests, and when the
// tiles in view were loaded and drawn after the last input (deck.gl's draws, hooked in the page).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { chromium } from 'playwright-core';
import { build } from '../scripts/prepare.mjs';
import { buildPointsTileset, FINEST, generateParquet } from './hextiles.mjs';
import { fmt, signIn, startServer, stats } from './support.mjs';

const POINTS = Number(process.env.BENCH_HEX_PAN_POINTS ?? 10_000_000);
const VIEWPORT = { width: 1440, height: 900 };
/** Zoomed into around the generated point nearest to it (a street view shows its cell at least): inland, far from the box's edges. */
const CITY = { name: 'Kansas City', latitude: 39.0997, longitude: -94.5786 };
/** The zooms the wheel stops at, each drawn, screenshotted and panned at (the session starts at the fitted country view). */
const STAGES = [
  { name: 'region', zoom: 8 },
  { name: 'city', zoom: 11 },
  { name: 'street', zoom: 15 },
];
/** Drags of a pan phase, in pixels: out and back, so half of them show new ground and half come back over drawn tiles. */
const DRAGS = [
  [-500, 0],
  [-500, 0],
  [0, -300],
  [500, 0],
  [500, 0],
  [0, 300],
];
const DRAG_STEPS = 30;
/** A mouse reports its moves about every 16 ms, a wheel its ticks every 100 ms or so. */
const MOVE_MS = 16;
const WHEEL_MS = 100;
const SETTLE_TIMEOUT_MS = 180_000;
const LONG_FRAME_MS = 100;

/**
 * Installed before the app: a requestAnimationFrame loop keeping every frame's start and delta, the time of the last
 * input event, and long animation frames with the scripts they ran (Chromium's attribution).
 */
function recordFrames() {
  const bench = { frames: [], draws: [], updates: [], loafs: [], lastInput: 0 };
  window.__hexPan = bench;
  let previous = performance.now();
  const tick = (now) => {
    bench.frames.push([now, now - previous]);
    previous = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Inputs that move the view: drag moves and wheel ticks (a hover moves nothing but a highlight).
  addEventListener('pointermove', (event) => event.buttons && (bench.lastInput = event.timeStamp), { capture: true, passive: true });
  addEventListener('wheel', (event) => (bench.lastInput = event.timeStamp), { capture: true, passive: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const scripts = entry.scripts.map((script) => ({ invoker: script.invoker, type: script.invokerType, ms: script.duration }));
      bench.loafs.push({ start: entry.startTime, ms: entry.duration, render: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0, scripts });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/**
 * Finds deck.gl's Deck through kepler.gl's map container (React's fiber of deck.gl's canvas, once) and times its layer
 * updates and draws, each draw noting whether every tile the hex tile layer selected is loaded and drawn. False until
 * the canvas and the Deck exist.
 */
function hookDeck() {
  const bench = window.__hexPan;
  if (bench.deck) return true;
  const canvas = document.getElementById('default-deckgl-overlay');
  const key = canvas && Object.keys(canvas).find((name) => name.startsWith('__reactFiber$'));
  let fiber = key ? canvas[key] : null;
  while (fiber && !fiber.stateNode?._deck) fiber = fiber.return;
  const deck = fiber?.stateNode._deck;
  if (!deck?.layerManager) return false;
  bench.deck = deck;
  // The hex tile layer: deck.gl's TileLayer, the one with a tileset.
  bench.tileLayer = () => deck.layerManager.getLayers().find((layer) => layer.state?.tileset);
  // The cells the layer draws: the rows of the tiles deck.gl shows (some of their cells lie off screen).
  bench.cellsDrawn = () => (bench.tileLayer()?.state.tileset.tiles ?? []).filter((tile) => tile.isVisible).reduce((sum, tile) => sum + (tile.content?.length ?? 0), 0);
  bench.view = () => {
    const [viewport] = deck.viewManager.getViewports();
    return viewport ? { zoom: viewport.zoom, latitude: viewport.latitude, longitude: viewport.longitude } : null;
  };
  const draw = deck._drawLayers.bind(deck);
  deck._drawLayers = (...args) => {
    const start = performance.now();
    const result = draw(...args);
    const layer = bench.tileLayer();
    bench.draws.push([start, performance.now() - start, Boolean(layer?.isLoaded)]);
    return result;
  };
  // On the prototype: deck.gl makes its layer manager again once its WebGL context is ready.
  const managers = Object.getPrototypeOf(deck.layerManager);
  const update = managers.updateLayers;
  managers.updateLayers = function updateLayers(...args) {
    const start = performance.now();
    const result = update.apply(this, args);
    bench.updates.push([start, performance.now() - start]);
    return result;
  };
  return true;
}

/**
 * When the tiles in view were all loaded and drawn after the last input that moved the view: the end of the first
 * deck.gl draw after it from which every draw had the tile layer loaded, once that has held for `quietMs` (null until
 * then). No draw after the input and the layer loaded: nothing was left to draw.
 */
function settledAfterInput(quietMs) {
  const { draws, lastInput, tileLayer } = window.__hexPan;
  const after = draws.filter(([start]) => start > lastInput);
  if (!after.length) return performance.now() - lastInput >= quietMs && tileLayer()?.isLoaded ? { lastInput, drawn: lastInput } : null;
  if (!after.at(-1)[2]) return null;
  let first = after.length - 1;
  while (first > 0 && after[first - 1][2]) first--;
  const [start, drawMs] = after[first];
  return performance.now() - start >= quietMs ? { lastInput, drawn: start + drawMs } : null;
}

async function waitSettled(page) {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const settled = await page.evaluate(settledAfterInput, 1000);
    if (settled) return settled;
    if (Date.now() > until) throw new Error('the tiles in view were not drawn in time');
    await page.waitForTimeout(250);
  }
}

const now = (page) => page.evaluate(() => performance.now());
const view = (page) => page.evaluate(() => window.__hexPan.view());
const sleep = (page, msToWait) => page.waitForTimeout(msToWait);

/** The map's middle, right of kepler.gl's side panel, where drags start. */
async function mapMiddle(page) {
  const box = await page.locator('.maplibregl-canvas').first().boundingBox();
  return { x: box.x + box.width * 0.62, y: box.y + box.height / 2 };
}

async function drag(page, from, [dx, dy]) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= DRAG_STEPS; step++) {
    await page.mouse.move(from.x + (dx * step) / DRAG_STEPS, from.y + (dy * step) / DRAG_STEPS);
    await sleep(page, MOVE_MS);
  }
  await page.mouse.up();
}

/** Wheel ticks with the pointer on `target` until the view reaches `zoom`. */
async function wheelTo(page, target, zoom) {
  const point = await page.evaluate(({ longitude, latitude }) => {
    const [viewport] = window.__hexPan.deck.viewManager.getViewports();
    const [x, y] = viewport.project([longitude, latitude]);
    const rect = document.getElementById('default-deckgl-overlay').getBoundingClientRect();
    return { x: rect.left + x, y: rect.top + y };
  }, target);
  await page.mouse.move(point.x, point.y);
  for (let ticks = 0; (await view(page)).zoom < zoom; ticks++) {
    if (ticks > 200) throw new Error(`the wheel did not reach zoom ${zoom}`);
    await page.mouse.wheel(0, -100);
    await sleep(page, WHEEL_MS);
  }
}

/**
 * Runs one phase of input and waits for its tiles (or, with the layer hidden, a second): its window in page time, its
 * zooms and its tile requests.
 */
async function phase(page, requests, name, input, hidden = false) {
  const before = await view(page);
  requests.phase = name;
  const start = await now(page);
  await input();
  const settled = hidden ? await sleep(page, 1000).then(() => page.evaluate(() => ({ lastInput: window.__hexPan.lastInput }))) : await waitSettled(page);
  requests.phase = null;
  const end = settled.drawn ?? settled.lastInput;
  const cells = hidden ? undefined : await page.evaluate(() => window.__hexPan.cellsDrawn());
  return { name, start, end, zoomFrom: before.zoom, zoomTo: (await view(page)).zoom, settledMs: settled.drawn && settled.drawn - settled.lastInput, tiles: requests.byPhase[name] ?? 0, cells };
}

async function pan(page, requests, name, hidden = false) {
  const middle = await mapMiddle(page);
  return phase(page, requests, name, () => drags(page, middle), hidden);
}

async function drags(page, middle) {
  for (const offset of DRAGS) await drag(page, middle, offset);
}

/** The same drags with the Hex Tile layer hidden (kepler.gl's eye in its panel): the basemap and SwiftShader alone. */
async function panHidden(page, requests) {
  const toggle = page.locator('.layer__visibility-toggle').first();
  await toggle.click();
  await sleep(page, 1000);
  const result = await pan(page, requests, 'pan at country zoom, layer hidden (control)', true);
  await toggle.click();
  await waitSettled(page);
  return { ...result, control: true };
}

/** The page as it is, the pointer moved off the map first (no hover highlight or tooltip). */
async function screenshot(page, root, stage) {
  await page.mouse.move(900, 28);
  await sleep(page, 500);
  const file = path.join(root, 'test-results', 'screens', `hex-pan-${stage}.png`);
  await page.screenshot({ path: file });
  return path.relative(root, file);
}

/** The frames of a phase (those ending in its window): their delta statistics, and what ran in its long frames. */
function summarize(phaseResult, frames, loafs) {
  const deltas = frames.filter(([start]) => start >= phaseResult.start && start <= phaseResult.end).map(([, delta]) => delta);
  const long = deltas.filter((delta) => delta > LONG_FRAME_MS);
  const loaf = loafs.filter((entry) => entry.start >= phaseResult.start && entry.start <= phaseResult.end && entry.ms > LONG_FRAME_MS);
  return { ...phaseResult, ...stats(deltas), max: Math.max(...deltas), long: long.length, loafs: loaf };
}

/** Where the long animation frames' time went, by invoker (the script entry Chromium names), summed over a phase. */
function longFrameCauses(loafs) {
  const byInvoker = new Map();
  for (const { ms: duration, render, scripts } of loafs) {
    for (const script of scripts) {
      const key = `${script.type}: ${script.invoker}`;
      byInvoker.set(key, (byInvoker.get(key) ?? 0) + script.ms);
    }
    byInvoker.set('rendering (style, layout, paint)', (byInvoker.get('rendering (style, layout, paint)') ?? 0) + render);
    const scripted = scripts.reduce((sum, script) => sum + script.ms, 0);
    byInvoker.set('other', (byInvoker.get('other') ?? 0) + Math.max(0, duration - render - scripted));
  }
  return [...byInvoker].filter(([, total]) => total >= 1).sort((a, b) => b[1] - a[1]);
}

/** deck.gl's own work in a phase: the longest layer update and draw, and their totals. */
function deckWork(phaseResult, bench) {
  const within = (entries) => entries.filter(([start]) => start >= phaseResult.start && start <= phaseResult.end).map(([, duration]) => duration);
  const updates = within(bench.updates);
  const draws = within(bench.draws);
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  return { updateMax: Math.max(0, ...updates), updateSum: sum(updates), drawMax: Math.max(0, ...draws), drawSum: sum(draws), drawCount: draws.length };
}

/** The generated point nearest to CITY (distances in degrees, longitude scaled by the latitude's cosine). */
async function nearestPoint(file) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const { latitude, longitude } = CITY;
  const reader = await connection.runAndReadAll(
    `SELECT lat, lng FROM read_parquet('${file}') ORDER BY (lat - ${latitude}) ** 2 + ((lng - ${longitude}) * cos(radians(${latitude}))) ** 2 LIMIT 1`,
  );
  const [[lat, lng]] = reader.getRows();
  connection.closeSync();
  instance.closeSync();
  return { latitude: Number(lat), longitude: Number(lng) };
}

/** The scripted session on an open page: answers its phases (summarized) and the screenshots taken. */
async function session(page, root, requests, target) {
  const phases = [];
  const screens = { country: await screenshot(page, root, 'country') };
  phases.push(await pan(page, requests, 'pan at country zoom'));
  phases.push(await panHidden(page, requests));
  let stageFrom = 'country';
  for (const stage of STAGES) {
    phases.push(await phase(page, requests, `zoom ${stageFrom} → ${stage.name}`, () => wheelTo(page, target, stage.zoom)));
    screens[stage.name] = await screenshot(page, root, stage.name);
    phases.push(await pan(page, requests, `pan at ${stage.name} zoom`));
    stageFrom = stage.name;
  }
  return { phases, screens };
}

export async function runHexPanBench({ root }) {
  // The built web app is what the server serves; rebuilt here when its sources are newer (as npm start does).
  build();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-hex-pan-bench-'));
  let server;
  let browser;
  const load = [os.loadavg()[0]];
  try {
    const file = path.join(dir, 'points.parquet');
    console.log(`hex-pan bench: generating ${POINTS.toLocaleString('en')} points…`);
    await generateParquet(file, POINTS);
    server = await startServer(root, path.join(dir, 'data'), { DEMO_VISITS: '20000' });
    const { base } = server;
    const token = await signIn(base);
    console.log('hex-pan bench: uploading and building the tileset…');
    const tileset = await buildPointsTileset(base, token, file, `hex-pan bench ${POINTS} points`, [{ sourceColumn: 'quantity', targetColumn: 'points', aggMethod: 'count' }]);
    const target = await nearestPoint(file);
    await rm(file);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking'],
    });
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript((value) => window.localStorage.setItem('atlas.token', value), token);
    await context.addInitScript(recordFrames);
    const page = await context.newPage();
    // Headless Chromium paints WebGL canvases of the front page only.
    await page.bringToFront();
    const failed = new Promise((_, reject) => page.on('pageerror', (error) => reject(new Error(`the map builder failed: ${error.message}`))));
    failed.catch(() => undefined);
    const tilePattern = new RegExp(`/v1/tileset/${tileset.id}/\\d+/[0-9a-f]{15}`);
    const requests = { all: 0, tiles: 0, byPhase: {}, phase: null };
    page.on('request', (request) => {
      if (!request.url().includes('/v1/tileset/')) return;
      requests.all++;
      if (!tilePattern.test(request.url())) return;
      requests.tiles++;
      if (requests.phase) requests.byPhase[requests.phase] = (requests.byPhase[requests.phase] ?? 0) + 1;
    });
    await mkdir(path.join(root, 'test-results', 'screens'), { recursive: true });

    console.log('hex-pan bench: opening the map builder…');
    await page.goto(`${base}/new?datasetUuid=${tileset.id}`, { waitUntil: 'load' });
    await Promise.race([page.waitForFunction(hookDeck, undefined, { timeout: SETTLE_TIMEOUT_MS, polling: 200 }), failed]);
    // The first view drawn: kepler.gl fits the view to the tileset (the country), then the tiles come.
    await Promise.race([page.waitForFunction(() => window.__hexPan.view()?.zoom < 6 && window.__hexPan.tileLayer()?.isLoaded, undefined, { timeout: SETTLE_TIMEOUT_MS, polling: 200 }), failed]);
    // From navigation (the page's time origin): the first draw from which the tiles were all loaded.
    const openMs = (await Promise.race([waitSettled(page), failed])).drawn;
    const openTiles = requests.tiles;

    console.log('hex-pan bench: panning and zooming…');
    load.push(os.loadavg()[0]);
    const { phases, screens } = await Promise.race([session(page, root, requests, target), failed]);
    const bench = await page.evaluate(() => ({ frames: window.__hexPan.frames, loafs: window.__hexPan.loafs, draws: window.__hexPan.draws, updates: window.__hexPan.updates }));
    const chromiumVersion = browser.version();
    load.push(os.loadavg()[0]);
    const results = phases.map((result) => ({ ...summarize(result, bench.frames, bench.loafs), deck: deckWork(result, bench) }));
    const markdown = report({ tileset, openMs, openTiles, requests, results, screens, chromiumVersion, load });
    return { markdown, name: `hex-pan-${new Date().toISOString().slice(0, 10)}.md` };
  } finally {
    await browser?.close();
    if (server) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function report({ tileset, openMs, openTiles, requests, results, screens, chromiumVersion, load }) {
  const date = new Date().toISOString().slice(0, 10);
  const pans = results.filter((result) => result.name.startsWith('pan') && !result.control);
  const panMax = Math.max(...pans.map((result) => result.max));
  const panLong = pans.reduce((sum, result) => sum + result.long, 0);
  const causes = longFrameCauses(results.filter((result) => !result.control).flatMap((result) => result.loafs));
  return [
    `# Hex tiles pan and zoom bench, ${date}`,
    '',
    `${POINTS.toLocaleString('en')} points (uniform over the contiguous US, as the hextiles bench generates them) built into a hex tileset of resolutions 0..${FINEST} ` +
      `(one column, the count) on the built server in ${fmt(tileset.buildMs / 1000)} s, then opened in the map builder (\`/new?datasetUuid=<tileset>\`, our Hex Tile layer) ` +
      `in headless Chromium ${chromiumVersion} (${VIEWPORT.width}×${VIEWPORT.height}, WebGL through SwiftShader, no GPU) served by the built server. ` +
      `A scripted session follows: ${DRAGS.length} mouse drags of 300–500 px (${DRAG_STEPS} moves ${MOVE_MS} ms apart each, out and back) at the fitted country view, ` +
      `then the mouse wheel (a tick every ${WHEEL_MS} ms, pointer on the generated point nearest to ${CITY.name}) to zoom ${STAGES.map((stage) => stage.zoom).join(', ')}, the same drags at each. ` +
      'Every frame is timed in the page by a requestAnimationFrame loop (the delta between frames); a phase runs from its first input until the tiles in view are loaded and drawn, ' +
      "which is read from deck.gl in the page (its draws hooked: the first draw after the last input from which the Hex Tile layer's selected tiles were all loaded and drawn). " +
      'Tile requests are the page\'s requests for `/v1/tileset/{id}/{z}/{cell}`. ' +
      "The control repeats the country drags with the layer hidden (kepler.gl's visibility toggle): the basemap, kepler.gl and SwiftShader without the hexagons; it is not counted against the target.",
    '',
    `Opened: the country view drawn ${fmt(openMs / 1000)} s after navigation, from ${openTiles} tiles.`,
    '',
    '| phase | zoom | frames | p50 ms | p95 ms | max ms | frames > 100 ms | tile requests | tiles drawn after last input (ms) | cells in the tiles shown at the end |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmt(r.zoomFrom)} → ${fmt(r.zoomTo)} | ${r.runs} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ${r.long} | ${r.tiles} | ${fmt(r.settledMs)} | ${r.cells?.toLocaleString('en') ?? '–'} |`,
    ),
    '',
    "deck.gl's work in each phase (ms on the main thread: layer updates, which build the tiles' hexagon layers, and draws, which issue WebGL calls to SwiftShader):",
    '',
    '| phase | draws | longest update | updates total | longest draw | draws total |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${r.deck.drawCount} | ${fmt(r.deck.updateMax)} | ${fmt(r.deck.updateSum)} | ${fmt(r.deck.drawMax)} | ${fmt(r.deck.drawSum)} |`),
    '',
    causes.length
      ? `Long animation frames over ${LONG_FRAME_MS} ms (Chromium's attribution, all phases but the control, ms; a script's time includes its waits on the GPU process, as a readPixels waits for the frames SwiftShader has queued): ${causes.map(([cause, total]) => `${cause} ${fmt(total)}`).join('; ')}.`
      : `No long animation frame over ${LONG_FRAME_MS} ms.`,
    '',
    `Tile requests: ${requests.tiles} tiles (${requests.all} requests to \`/v1/tileset/\` with the index and quantiles), opening included.`,
    `Screenshots: ${Object.values(screens).join(', ')}.`,
    '',
    `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM; Node ${process.version}; load (1 min) ${load.map((value) => value.toFixed(2)).join(' / ')} at the start / the session's start / its end.`,
    `- Against the target: panning without a frame over 100 ms: ${panLong === 0 ? 'met' : 'not met'} (max ${fmt(panMax)} ms, ${panLong} frames over 100 ms).`,
    '',
  ].join('\n');
}
