import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, loadErrorText } from './format';

describe('formatBytes', () => {
  it('uses powers of 1000 and one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => expect(formatCount(1234567)).toBe('1,234,567'));
});

describe('loadErrorText', () => {
  it('shows the stored "message: details" as "message (details)"', () => {
    expect(loadErrorText('Could not parse the CSV file: The rows do not share one layout')).toBe('Could not parse the CSV file (The rows do not share one layout)');
    expect(loadErrorText('The uploaded file is empty')).toBe('The uploaded file is empty');
  });
});
