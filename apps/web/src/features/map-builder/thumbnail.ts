// A map thumbnail: MapLibre's basemap canvas with deck.gl's layer canvas drawn over it (both keep their drawing
// buffer: kepler.gl asks MapLibre for it, and the builder asks deck.gl), scaled into a small PNG.
const THUMBNAIL_WIDTH = 640;
/** The id kepler.gl gives deck.gl's canvas. */
export const DECK_CANVAS_ID = 'default-deckgl-overlay';

export async function captureThumbnail(container: HTMLElement): Promise<Blob | null> {
  const canvases = [...container.querySelectorAll('canvas')].filter((canvas) => canvas.width > 0 && canvas.height > 0);
  // In a split view the first map stands for the whole.
  const base = canvases.find((canvas) => canvas.classList.contains('maplibregl-canvas'));
  const overlay = canvases.find((canvas) => canvas.id === DECK_CANVAS_ID);
  const layers = [base, overlay].filter((canvas): canvas is HTMLCanvasElement => canvas !== undefined);
  const first = layers[0];
  if (!first) return null;
  const out = document.createElement('canvas');
  out.width = THUMBNAIL_WIDTH;
  out.height = Math.round((THUMBNAIL_WIDTH * first.height) / first.width);
  const context = out.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  for (const canvas of layers) context.drawImage(canvas, 0, 0, out.width, out.height);
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}
