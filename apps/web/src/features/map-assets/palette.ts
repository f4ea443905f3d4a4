// A color palette as the editor holds it: an ordered list of #rrggbb colors (at most PALETTE_MAX_COLORS), read from a
// palette file or typed, and checked before it goes to the server.
import { HEX_COLOR_PATTERN, PALETTE_MAX_COLORS, type ColorPalette } from '@atlas/domain';

const HEX = new RegExp(HEX_COLOR_PATTERN);
export const PALETTE_TYPES = ['sequential', 'diverging', 'qualitative'] as const;

/** `#abc`, `abc`, `#AABBCC` → `#aabbcc`; null when it is no hex color. */
export function normalizeHex(text: string): string | null {
  const trimmed = text.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(trimmed) ? [...trimmed].map((digit) => digit + digit).join('') : trimmed;
  const color = `#${full.toLowerCase()}`;
  return HEX.test(color) ? color : null;
}

export class PaletteFileError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A palette file: a list of colors, `{colors: [...]}`, or a kepler.gl color range (`{name, type, category, colors}`).
 * Its name, type and category come along when it has them.
 */
export function parsePaletteFile(text: string): ColorPalette {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PaletteFileError('The palette file is not JSON');
  }
  const source = Array.isArray(json) ? { colors: json } : isObject(json) ? json : {};
  if (!Array.isArray(source.colors)) throw new PaletteFileError('A palette file is a list of colors, or an object with "colors"');
  const colors = source.colors.map((color) => (typeof color === 'string' ? normalizeHex(color) : null));
  const bad = colors.findIndex((color) => color === null);
  if (bad >= 0) throw new PaletteFileError(`Color ${bad + 1} of the file is not a hex color (#rrggbb)`);
  const palette: ColorPalette = { colors: colors as string[] };
  for (const key of ['name', 'type', 'category'] as const) if (typeof source[key] === 'string' && source[key]) palette[key] = source[key] as string;
  return checkPalette(palette);
}

/** The palette as the server accepts it, or the reason it would not. */
export function checkPalette(palette: ColorPalette): ColorPalette {
  if (palette.colors.length === 0) throw new PaletteFileError('A palette needs at least one color');
  if (palette.colors.length > PALETTE_MAX_COLORS) throw new PaletteFileError(`A palette holds at most ${PALETTE_MAX_COLORS} colors; this one has ${palette.colors.length}`);
  const bad = palette.colors.findIndex((color) => !HEX.test(color));
  if (bad >= 0) throw new PaletteFileError(`Color ${bad + 1} is not a hex color (#rrggbb)`);
  return palette;
}

/** The list with the color at `from` moved to `to`. */
export function moveColor(colors: readonly string[], from: number, to: number): string[] {
  if (to < 0 || to >= colors.length || from === to) return [...colors];
  const next = [...colors];
  const [color] = next.splice(from, 1);
  next.splice(to, 0, color!);
  return next;
}

/** The palette as a JSON file, as the asset's file. */
export const paletteFile = (palette: ColorPalette) => new Blob([JSON.stringify(palette, null, 2)], { type: 'application/json' });
