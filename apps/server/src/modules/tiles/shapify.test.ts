import { cellToBoundary, latLngToCell, polygonToCells } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { errorOf } from '../query/test-support/helpers.js';

const [pglite] = testStores();
const SQUARE = { type: 'Polygon', coordinates: [[[2.3, 48.85], [2.36, 48.85], [2.36, 48.88], [2.3, 48.88], [2.3, 48.85]]] };

describe('POST /v1/shapify', () => {
  const h = useHarness(pglite!);
  const shapify = async (payload: unknown, auth = true) =>
    h.app.inject({ method: 'POST', url: '/v1/shapify', headers: auth ? await h.auth('analyst@example.com') : {}, payload: payload as object });

  it('turns cells into their outlines and polygons into the cells covering them', async () => {
    const cell = latLngToCell(48.86, 2.35, 8);
    const outlines = await shapify({ geos: [cell.toUpperCase()], geoType: 'h3', shape: 'polygon' });
    expect(outlines.statusCode).toBe(200);
    expect(outlines.json()).toEqual({ shape: 'polygon', geos: [{ type: 'Polygon', coordinates: [cellToBoundary(cell, true)] }] });
    const cells = await shapify({ geos: [SQUARE, { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [SQUARE.coordinates] } }], geoType: 'polygon', shape: 'h3', res: 8 });
    const expected = polygonToCells(SQUARE.coordinates, 8, true).sort();
    expect(expected.length).toBeGreaterThan(10);
    expect(cells.json()).toEqual({ shape: 'h3', geos: [expected, expected] });
  });

  it('answers the spec messages for bad input, and needs a signed-in caller', async () => {
    expect(errorOf(await shapify({ geos: [{ type: 'Point', coordinates: [2, 48] }], geoType: 'polygon', shape: 'h3', res: 5 }))).toEqual({
      status: 422,
      body: { message: 'Unsupported geometry type: Point', details: 'geos[0]: only Polygon and MultiPolygon become cells', appStatusCode: 'INVALID_INPUT' },
    });
    expect(errorOf(await shapify({ geos: ['nope'], geoType: 'h3', shape: 'polygon' })).body.message).toBe('Invalid geos');
    expect(errorOf(await shapify({ geos: [SQUARE], geoType: 'polygon', shape: 'h3' })).body.message).toBe('Invalid res');
    expect(errorOf(await shapify({ geos: [SQUARE], geoType: 'polygon', shape: 'h3', res: 15 })).body.message).toBe('Polygon covers too many cells at resolution 15');
    expect(errorOf(await shapify({ geos: [SQUARE], geoType: 'polygon', shape: 'polygon' })).status).toBe(422);
    expect(errorOf(await shapify({ geos: [], geoType: 'h3', shape: 'polygon' })).status).toBe(400);
    expect((await shapify({ geos: ['x'], geoType: 'h3', shape: 'polygon' }, false)).statusCode).toBe(401);
  });
});
