// The progress arithmetic: stage order, monotone share, 100 % only at the end, sane estimates, throttled consumers.
import { describe, expect, it } from 'vitest';
import { createProgress, estimateMs, formatProgress, throttleProgress, type ProgressReport } from './progress.js';

const clock = () => {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('createProgress', () => {
  it('weights stages by their planned work, never goes back and reaches 100 % only when the last stage finishes', () => {
    const time = clock();
    const seen: ProgressReport[] = [];
    const progress = createProgress([{ name: 'small', weight: 10 }, { name: 'big', weight: 90 }], (r) => seen.push(r), time.now);
    progress.update('small', 5, 10);
    expect(progress.last.fraction).toBeCloseTo(0.05);
    progress.finish('small');
    expect(progress.last.fraction).toBeCloseTo(0.1);
    progress.update('small', 0, 10); // a late report of an earlier stage
    expect(progress.last.fraction).toBeCloseTo(0.1);
    progress.update('big', 45, 90);
    expect(progress.last).toMatchObject({ stage: 'big', stageIndex: 2, stages: 2, done: 45, planned: 90 });
    progress.update('big', 90, 90);
    expect(progress.last.fraction).toBeLessThan(1);
    progress.finish('big');
    expect(progress.last.fraction).toBe(1);
    const fractions = seen.map((r) => r.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('estimates the time left at the rate so far, and gives none before 2 % is done', () => {
    const time = clock();
    const progress = createProgress([{ name: 'rows', weight: 100 }], () => undefined, time.now);
    time.advance(1000);
    progress.update('rows', 1, 100);
    expect(progress.last.etaMs).toBeNull();
    time.advance(9000);
    progress.update('rows', 25, 100);
    expect(progress.last.etaMs).toBe(30_000);
    progress.finish('rows');
    expect(progress.last.etaMs).toBe(0);
  });

  it('rejects unknown stages', () => {
    const progress = createProgress([{ name: 'a', weight: 1 }], () => undefined);
    expect(() => progress.update('b', 0)).toThrow(/Unknown stage b/);
  });
});

describe('estimateMs', () => {
  it('is elapsed × (1 − f) / f, zero when done', () => {
    expect(estimateMs(0.5, 10_000)).toBe(10_000);
    expect(estimateMs(0.01, 10_000)).toBeNull();
    expect(estimateMs(1, 10_000)).toBe(0);
  });
});

describe('formatProgress and throttleProgress', () => {
  const report = (stage: string, elapsedMs: number, fraction = 0.31): ProgressReport =>
    ({ stage, stageIndex: 5, stages: 6, done: 31_000_000, planned: 100_000_000, fraction, elapsedMs, etaMs: 85_000 });

  it('says the stage, the counts, the share and the time left', () => {
    expect(formatProgress(report('visits', 0))).toBe('visits (stage 5 of 6): 31,000,000 of 100,000,000 rows, 31 %, about 85 s left');
  });

  it('passes on a stage change at once and repeats within a stage at most once per interval', () => {
    const passed: string[] = [];
    const throttled = throttleProgress((r) => passed.push(`${r.stage}@${r.elapsedMs}`), 1000);
    [report('a', 0), report('a', 500), report('a', 1200), report('b', 1300), report('b', 1400), report('b', 1500, 1)].forEach(throttled);
    expect(passed).toEqual(['a@0', 'a@1200', 'b@1300', 'b@1500']);
  });
});
