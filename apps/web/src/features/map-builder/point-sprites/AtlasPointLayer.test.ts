import { ScatterplotLayer, TextLayer } from '@deck.gl/layers/typed';
import { GeoArrowScatterplotLayer } from '@kepler.gl/deckgl-arrow-layers';
import { describe, expect, it } from 'vitest';
import { asSprites } from './AtlasPointLayer';
import { GeoArrowPointSpriteLayer } from './GeoArrowPointSpriteLayer';
import { PointSpriteLayer } from './PointSpriteLayer';

describe('asSprites', () => {
  it('draws a scatterplot as point sprites with the same props', () => {
    const getFillColor = (): [number, number, number] => [1, 2, 3];
    const layer = asSprites(new ScatterplotLayer({ id: 'points', data: [], radiusScale: 7, getFillColor }) as never);
    expect(layer).toBeInstanceOf(PointSpriteLayer);
    expect(layer.props).toMatchObject({ id: 'points', radiusScale: 7, getFillColor });
  });

  it("draws kepler.gl's GeoArrow scatterplot with point-sprite batches", () => {
    const layer = asSprites(new GeoArrowScatterplotLayer({ id: 'arrow', data: undefined as never, radiusScale: 3 }) as never);
    expect(layer).toBeInstanceOf(GeoArrowPointSpriteLayer);
    expect(layer.props).toMatchObject({ id: 'arrow', radiusScale: 3 });
  });

  it('leaves every other layer as it is', () => {
    const text = new TextLayer({ id: 'labels', data: [] });
    expect(asSprites(text as never)).toBe(text);
  });
});
