import { describe, expect, it } from 'vitest';
import { cardState } from './ChartCard';

const problem = { parameterId: 'chains', message: 'Chains is required' };

describe('cardState', () => {
  it('shows filter problems before anything else', () => {
    expect(cardState({ problems: [problem], isError: true, rows: [{}], isPlaceholderData: false })).toBe('invalid');
  });

  it('shows a failure, else the spinner until the first rows come', () => {
    expect(cardState({ problems: [], isError: true, rows: [{}], isPlaceholderData: true })).toBe('error');
    expect(cardState({ problems: [], isError: false, rows: undefined, isPlaceholderData: false })).toBe('loading');
  });

  it('keeps the previous chart while new parameters load, unless it was empty', () => {
    expect(cardState({ problems: [], isError: false, rows: [{}], isPlaceholderData: true })).toBe('updating');
    expect(cardState({ problems: [], isError: false, rows: [], isPlaceholderData: true })).toBe('loading');
  });

  it('tells an empty answer from a chart to draw', () => {
    expect(cardState({ problems: [], isError: false, rows: [], isPlaceholderData: false })).toBe('empty');
    expect(cardState({ problems: [], isError: false, rows: [{}, {}], isPlaceholderData: false })).toBe('ready');
  });
});
