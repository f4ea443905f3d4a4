import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { MemoryResultCache } from '../../cache/memory.js';
import { badRequest, notFound } from '../../http/errors.js';

/** The font every style names (text-font). */
export const BASEMAP_FONT = 'Noto Sans Regular';

/** Glyph PBFs (signed distance fields, 256 code points a file) that tileserver-gl-styles ships, one folder per font. */
const FONTS_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('tileserver-gl-styles/package.json')), 'fonts');
const RANGE_SIZE = 256;
const LAST_CODE_POINT = 0xffff;
/** Every range of every font, gzipped, fits (about 2 MB before compression). */
const GLYPH_CACHE_BYTES = 4 * 1024 * 1024;
const NEVER = new Date(8.64e15);

/** The glyph ranges of our fonts, as MapLibre asks for them: a font stack ("A,B": the first we have) and "0-255". */
export class BasemapGlyphs {
  private fonts: ReadonlySet<string> | null = null;
  private readonly cache = new MemoryResultCache(GLYPH_CACHE_BYTES);

  /** The gzipped PBF of `range` ("start-end", 256 code points from a multiple of 256) in the stack's first font we serve. */
  async glyphs(fontstack: string, range: string): Promise<Buffer> {
    const font = fontstack
      .split(',')
      .map((name) => name.trim())
      .find((name) => this.served().has(name));
    if (!font) throw notFound('Font not found', `Fonts served: ${[...this.served()].join(', ')}`);
    const [start, end] = range.split('-').map(Number) as [number, number];
    if (start % RANGE_SIZE !== 0 || end !== start + RANGE_SIZE - 1 || end > LAST_CODE_POINT) {
      throw badRequest('Invalid glyph range', `A range is 256 code points from a multiple of 256 up to ${LAST_CODE_POINT}, like 0-255; got ${range}`);
    }
    const key = `${font}/${start}`;
    const cached = await this.cache.get(key);
    if (cached) return cached.bytes;
    const file = await readFile(path.join(FONTS_DIR, font, `${start}-${end}.pbf`)).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? notFound('Glyph range not found', `${font} has no glyphs in ${range}`) : error;
    });
    const bytes = gzipSync(file);
    await this.cache.set(key, bytes, { expiresAt: NEVER, tags: [] });
    return bytes;
  }

  private served(): ReadonlySet<string> {
    return (this.fonts ??= new Set(readdirSync(FONTS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)));
  }
}
