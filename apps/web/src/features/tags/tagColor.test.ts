import { describe, expect, it } from 'vitest';
import { TAG_COLORS, parseTagNames, tagColorFor, textColorOn } from './tagColor';

describe('tagColorFor', () => {
  it('gives a name the same palette color whatever its case and spaces', () => {
    expect(TAG_COLORS).toContain(tagColorFor('Retail'));
    expect(tagColorFor(' retail ')).toBe(tagColorFor('RETAIL'));
  });

  it('spreads names over the palette', () => {
    const colors = new Set(['retail', 'coffee', 'stores', 'visits', 'poi', 'demo', 'traffic', 'census', 'zones', 'roads'].map(tagColorFor));
    expect(colors.size).toBeGreaterThan(3);
  });
});

describe('textColorOn', () => {
  it('picks white on dark and black on light backgrounds', () => {
    expect(textColorOn('#1b2330')).toBe('#ffffff');
    expect(textColorOn('#fde68a')).toBe('#000000');
    expect(textColorOn('#ffffff')).toBe('#000000');
    expect(textColorOn('not a color')).toBe('#ffffff');
  });
});

describe('parseTagNames', () => {
  it('splits on commas, trims, squeezes spaces and drops repeats ignoring case', () => {
    expect(parseTagNames(' retail,  Coffee  shops ,,RETAIL, poi ')).toEqual(['retail', 'Coffee shops', 'poi']);
    expect(parseTagNames('  ')).toEqual([]);
  });
});
