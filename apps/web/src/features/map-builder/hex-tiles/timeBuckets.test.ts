import { describe, expect, it } from 'vitest';
import { ALL_TIME, MAX_STEPS, bucketStart, bucketSteps, parseTime, playableIntervals, timeKey } from './timeBuckets';

const tileset = (timeIntervals: string[], start: string, end: string) => ({ kind: 'geotemporal' as const, timeIntervals, timeRange: { start, end } });

describe('time buckets', () => {
  it('reads stored bucket starts as UTC', () => {
    expect(parseTime('2024-03-01 00:00:00')).toBe(Date.UTC(2024, 2, 1));
    expect(parseTime('2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(parseTime('2024-03-01T12:30:00.000Z')).toBe(Date.UTC(2024, 2, 1, 12, 30));
  });

  it("plays the tileset's finest interval, from the first bucket to the end of the last", () => {
    const buckets = bucketSteps(tileset(['YEAR', 'DAY'], '2024-01-01 00:00:00', '2024-01-03 00:00:00'))!;
    expect(buckets.interval).toBe('DAY');
    expect(buckets.steps).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 3)]);
    expect(buckets.domain).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 4)]);
  });

  it('plays a coarser interval when the finest has too many buckets, and nothing for geo tilesets', () => {
    const buckets = bucketSteps(tileset(['MONTH', 'MINUTE'], '2024-01-01 00:00:00', '2024-02-29 23:59:00'))!;
    expect(MAX_STEPS).toBe(1000);
    expect(buckets.interval).toBe('MONTH');
    expect(buckets.steps).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1)]);
    expect(bucketSteps({ kind: 'geo', timeIntervals: [], timeRange: null })).toBeNull();
  });

  it("plays the layer's chosen interval, or nothing over all time, or the default for an interval the tileset cannot play", () => {
    const held = tileset(['YEAR', 'MONTH', 'DAY', 'MINUTE'], '2023-12-30 00:00:00', '2024-01-02 00:00:00');
    expect(playableIntervals(held)).toEqual(['YEAR', 'MONTH', 'DAY']);
    expect(bucketSteps(held)!.interval).toBe('DAY');
    expect(bucketSteps(held, 'YEAR')).toMatchObject({ interval: 'YEAR', steps: [Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1)], domain: [Date.UTC(2023, 0, 1), Date.UTC(2025, 0, 1)] });
    expect(bucketSteps(held, 'MONTH')!.steps).toEqual([Date.UTC(2023, 11, 1), Date.UTC(2024, 0, 1)]);
    expect(bucketSteps(held, ALL_TIME)).toBeNull();
    // MINUTE has 4,321 buckets; HOUR is not held.
    expect(bucketSteps(held, 'MINUTE')!.interval).toBe('DAY');
    expect(bucketSteps(held, 'HOUR')!.interval).toBe('DAY');
    expect([timeKey(held), timeKey(held, 'YEAR'), timeKey(held, ALL_TIME)]).toEqual(['DAY', 'YEAR', ALL_TIME]);
    expect(playableIntervals({ kind: 'geo', timeIntervals: [], timeRange: null })).toEqual([]);
    expect(timeKey({ kind: 'geo', timeIntervals: [], timeRange: null }, 'DAY')).toBe(ALL_TIME);
  });

  it('finds the bucket holding a moment, the first one before the domain', () => {
    const days = bucketSteps(tileset(['DAY'], '2024-01-30', '2024-02-02'))!;
    expect(bucketStart(days, Date.UTC(2024, 1, 1, 13))).toBe(Date.UTC(2024, 1, 1));
    expect(bucketStart(days, null)).toBe(Date.UTC(2024, 0, 30));
    expect(bucketStart(days, Date.UTC(2023, 0, 1))).toBe(Date.UTC(2024, 0, 30));
    const hours = bucketSteps(tileset(['HOUR'], '2024-01-01 05:00:00', '2024-01-01 07:00:00'))!;
    expect(bucketStart(hours, Date.UTC(2024, 0, 1, 6, 59))).toBe(Date.UTC(2024, 0, 1, 6));
  });
});
