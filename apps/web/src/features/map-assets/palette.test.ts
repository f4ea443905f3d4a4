import { describe, expect, it } from 'vitest';
import { checkPalette, moveColor, normalizeHex, parsePaletteFile } from './palette';

describe('normalizeHex', () => {
  it('reads short, long and bare hex colors', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex(' 5a1846 ')).toBe('#5a1846');
    expect(normalizeHex('red')).toBeNull();
    expect(normalizeHex('#12345')).toBeNull();
  });
});

describe('parsePaletteFile', () => {
  it('reads a list of colors', () => {
    expect(parsePaletteFile('["#fff", "000000"]')).toEqual({ colors: ['#ffffff', '#000000'] });
  });

  it('reads a kepler.gl color range with its name, type and category', () => {
    const range = { name: 'Global Warming', type: 'sequential', category: 'Uber', colors: ['#5A1846', '#900C3F'] };
    expect(parsePaletteFile(JSON.stringify(range))).toEqual({ ...range, colors: ['#5a1846', '#900c3f'] });
  });

  it('says what is wrong with a file', () => {
    expect(() => parsePaletteFile('nope')).toThrow('The palette file is not JSON');
    expect(() => parsePaletteFile('{"name":"x"}')).toThrow('A palette file is a list of colors, or an object with "colors"');
    expect(() => parsePaletteFile('["#fff", "blue"]')).toThrow('Color 2 of the file is not a hex color (#rrggbb)');
    expect(() => parsePaletteFile('[]')).toThrow('A palette needs at least one color');
    expect(() => parsePaletteFile(JSON.stringify(Array(51).fill('#000000')))).toThrow('A palette holds at most 50 colors; this one has 51');
  });
});

describe('palette editing', () => {
  it('moves a color up or down, and ignores moves off the ends', () => {
    expect(moveColor(['#a', '#b', '#c'], 2, 0)).toEqual(['#c', '#a', '#b']);
    expect(moveColor(['#a', '#b'], 0, -1)).toEqual(['#a', '#b']);
  });

  it('checks what the server would refuse', () => {
    expect(() => checkPalette({ colors: ['#00000g'] })).toThrow('Color 1 is not a hex color');
    expect(checkPalette({ colors: ['#000000'] })).toEqual({ colors: ['#000000'] });
  });
});
