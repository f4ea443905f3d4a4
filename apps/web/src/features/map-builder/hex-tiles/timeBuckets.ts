// Time in a geotemporal hex tileset: its buckets of one interval as kepler.gl's layer animation steps, and the bucket a
// moment of the animation falls in (its start, UTC milliseconds, as range tiles name their rows' buckets). The Hex
// Tile layer's time setting picks the interval played, or all time (the plain tiles, no animation).
import type { HexTilesetMetadata } from './tilesetDataset';

const INTERVALS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;
export type Interval = (typeof INTERVALS)[number];
/** More buckets than this make the time slider useless: a coarser interval of the tileset is played instead. */
export const MAX_STEPS = 1000;
/** The layer's time setting that draws every cell over all time; '' (the default) plays the finest playable interval. */
export const ALL_TIME = 'ALL';
type TimeOfTileset = Pick<HexTilesetMetadata, 'kind' | 'timeIntervals' | 'timeRange'>;

export interface TimeBuckets {
  interval: Interval;
  /** Bucket starts, in milliseconds (kepler.gl's animation time steps). */
  steps: number[];
  /** From the first bucket's start to the last one's end. */
  domain: [number, number];
}

/** A bucket start as stored ("2024-03-01 00:00:00" is UTC, as DuckDB's TIMESTAMP). */
export function parseTime(text: string): number {
  const naive = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text);
  return Date.parse(naive ? `${text.replace(' ', 'T')}${text.length > 10 ? '' : 'T00:00:00'}Z` : text);
}

/** The start of the bucket of `interval` holding `time`, and the start of the next one. */
function floorTo(time: number, interval: Interval): number {
  const date = new Date(time);
  const parts = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()];
  const depth = INTERVALS.indexOf(interval) + 1;
  const kept = parts.map((part, at) => (at < depth ? part : at === 2 ? 1 : 0));
  return Date.UTC(kept[0]!, kept[1]!, kept[2]!, kept[3]!, kept[4]!, kept[5]!);
}

function next(start: number, interval: Interval): number {
  const date = new Date(start);
  const step = INTERVALS.indexOf(interval);
  const parts = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()];
  parts[step]! += 1;
  return Date.UTC(parts[0]!, parts[1]!, parts[2]!, parts[3]!, parts[4]!, parts[5]!);
}

function stepsOf(start: number, end: number, interval: Interval): number[] | null {
  const steps: number[] = [];
  for (let at = floorTo(start, interval); at <= end; at = next(at, interval)) {
    if (steps.length === MAX_STEPS) return null;
    steps.push(at);
  }
  return steps;
}

/** Each interval of a geotemporal tileset with at most MAX_STEPS buckets, coarsest first, with its buckets. */
function playable(tileset: TimeOfTileset): TimeBuckets[] {
  if (tileset.kind !== 'geotemporal' || !tileset.timeRange) return [];
  const [start, end] = [parseTime(tileset.timeRange.start), parseTime(tileset.timeRange.end)];
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  return INTERVALS.filter((interval) => tileset.timeIntervals.includes(interval)).flatMap((interval) => {
    const steps = stepsOf(start, end, interval);
    return steps?.length ? [{ interval, steps, domain: [steps[0]!, next(steps[steps.length - 1]!, interval)] as [number, number] }] : [];
  });
}

/** The intervals the layer's time setting offers besides all time: those of the tileset with at most MAX_STEPS buckets. */
export const playableIntervals = (tileset: TimeOfTileset): Interval[] => playable(tileset).map(({ interval }) => interval);

/**
 * The buckets played for a geotemporal tileset: of the chosen interval, or by default (also when the tileset cannot
 * play the chosen one, rebuilt since with other intervals) of its finest interval with at most MAX_STEPS of them; none
 * for all time and for geo tilesets.
 */
export function bucketSteps(tileset: TimeOfTileset, choice: string = ''): TimeBuckets | null {
  if (choice === ALL_TIME) return null;
  const intervals = playable(tileset);
  return intervals.find(({ interval }) => interval === choice) ?? intervals.at(-1) ?? null;
}

/** Which quantiles color the cells under a time setting: those of the interval played, or of all time. */
export const timeKey = (tileset: TimeOfTileset, choice: string = ''): Interval | typeof ALL_TIME => bucketSteps(tileset, choice)?.interval ?? ALL_TIME;

/** The start of the step holding `time` (the first step before the domain): the rows of a range tile drawn then. */
export function bucketStart({ steps }: Pick<TimeBuckets, 'steps'>, time: number | null | undefined): number {
  let start = steps[0]!;
  for (const step of steps) if (typeof time === 'number' && step <= time) start = step;
  return start;
}
