import { describe, expect, it } from 'vitest';
import { escapeHtml, formatChange, formatCount, formatIndex, formatMinutes, formatPercent, formatVisits, periodVersus } from './format';

describe('number formats', () => {
  it('writes visits compact, counts in full, shares and changes with one decimal', () => {
    expect(formatVisits(1_234_567)).toBe('1.2M');
    expect(formatVisits(35_400)).toBe('35.4K');
    expect(formatVisits(950)).toBe('950');
    expect(formatCount(1_234_567.8)).toBe('1,234,568');
    expect(formatPercent(42.25)).toBe('42.3%');
    expect(formatChange(4.2)).toBe('+4.2%');
    expect(formatChange(-3.14)).toBe('-3.1%');
    expect(formatChange(0)).toBe('0.0%');
    expect(formatIndex(112.44)).toBe('112.4');
    expect(formatMinutes(23.45)).toBe('23.5 min');
  });

  it('writes a missing figure as n/a', () => {
    expect(formatPercent(null)).toBe('n/a');
    expect(formatVisits(undefined)).toBe('n/a');
    expect(formatChange(Number.NaN)).toBe('n/a');
  });

  it('writes periods as "focus vs benchmark" and escapes tooltip text', () => {
    expect(periodVersus('2025-12', '2024-12')).toBe('2025-12 vs 2024-12');
    expect(escapeHtml(`<b>"Joe's" & co</b>`)).toBe('&#60;b&#62;&#34;Joe&#39;s&#34; &#38; co&#60;/b&#62;');
  });
});
