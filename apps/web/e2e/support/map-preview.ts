// Whether a map preview (features/datasets/preview, also used by workbook cells) drew anything.
import type { Page } from 'playwright-core';

/** Pixels of the preview's canvas in the accent blue: the drawn points (the basemap is pale). */
export const accentPixels = (page: Page) =>
  page.locator('[data-testid="map-preview"] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context2d = copy.getContext('2d')!;
    context2d.drawImage(canvas, 0, 0);
    const { data } = context2d.getImageData(0, 0, copy.width, copy.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) if (data[index]! < 120 && data[index + 2]! > 180 && data[index + 1]! < 160) count += 1;
    return count;
  });
