// Reading what kepler.gl drew: the share of strongly colored pixels in a part of the map, and its legend.
import type { Page } from 'playwright-core';

/** A part of the map canvas: fractions of its width (from the left), and margins in pixels (the map's own controls). */
export interface MapPart {
  left: number;
  width: number;
  marginTop: number;
  marginBottom: number;
  marginRight?: number;
}

/** The share of strongly colored pixels in `part` of the map: kepler.gl's fills (the basemap is pale). */
export async function coloredShare(page: Page, part: MapPart): Promise<number> {
  const box = (await page.locator('.maplibregl-canvas').first().boundingBox())!;
  const clip = { x: box.x + box.width * part.left, y: box.y + part.marginTop, width: box.width * part.width - (part.marginRight ?? 0), height: box.height - part.marginTop - part.marginBottom };
  const png = await page.screenshot({ clip });
  return page.evaluate(async (data) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let colored = 0;
    for (let at = 0; at < pixels.length; at += 4) {
      const [r, g, b] = [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) colored++;
    }
    return colored / (pixels.length / 4);
  }, png.toString('base64'));
}

/** The color steps kepler.gl's map legend shows (its editable labels), opening the legend when it is closed. */
export async function legendSteps(page: Page): Promise<string[]> {
  if ((await page.locator('.map-legend').count()) === 0) await page.locator('.show-legend').click();
  return page.locator('.map-legend .legend__label__title__editor').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}
