// Valid pipelines of every node kind, shared by the node tests and the JSON-schema tests.

export const UUID1 = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
export const UUID2 = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
export const CELL5 = '85283083fffffff';
export const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [-122.4, 37.7],
      [-122.3, 37.7],
      [-122.3, 37.8],
      [-122.4, 37.8],
      [-122.4, 37.7],
    ],
  ],
};
export const FEATURE = { type: 'Feature', properties: { name: 'square' }, geometry: SQUARE };
export const DS = { type: 'dataset', props: { uuid: UUID1 } };
export const DS2 = { type: 'dataset', props: { uuid: UUID2 } };
export const col = (name: string) => ({ kind: 'column', name });
export const lit = (value: unknown) => ({ kind: 'literal', value });
export const HEXTILE = { type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5, resolutionOffset: 2 } };

/** One valid example per kind (props given minimally, defaults omitted). */
export const EXAMPLES: Record<string, unknown> = {
  dataset: DS,
  inline_data: { type: 'inline_data', props: { format: 'CSV', data: 'a,b\n1,x\n2,y\n' } },
  select: { type: 'select', props: { expressions: [{ expression: col('a') }, { expression: lit(1), alias: 'one' }] }, inputs: [DS] },
  group: { type: 'group', props: { by: [{ expression: col('a') }], expressions: [{ expression: { kind: 'aggregate', fn: 'sum', operand: col('b') }, alias: 's' }] }, inputs: [DS] },
  filter: { type: 'filter', props: { expression: { kind: 'binary', op: '>', left: col('a'), right: lit(3) } }, inputs: [DS] },
  sort: { type: 'sort', props: { by: [{ expression: col('a') }] }, inputs: [DS] },
  limit: { type: 'limit', props: { length: 10 }, inputs: [DS] },
  join: { type: 'join', props: { on: [['a', 'b']] }, inputs: [DS, DS2] },
  enrich: { type: 'enrich', props: { source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng' }, inputs: [DS] },
  databaseQuery: { type: 'databaseQuery', props: { query: 'select 1 as x', connectionId: 'conn-1' } },
  hexify: { type: 'hexify', props: { geojson: SQUARE, res: 7 } },
  hexTile: HEXTILE,
  tileExtract: { type: 'tileExtract', props: { feature: FEATURE, res: 7 }, inputs: [HEXTILE] },
  tileJoin: { type: 'tileJoin', inputs: [HEXTILE, { type: 'hexTile', props: { uuid: UUID2, tileIndex: CELL5 } }] },
  tileQuantiles: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'D' } },
};

/** The same examples with every default written out (and so the same hash). */
export const EXPLICIT: Record<string, unknown> = {
  select: { type: 'select', props: { expressions: [{ expression: col('a'), alias: 'a' }, { expression: lit(1), alias: 'one' }] }, inputs: [DS] },
  group: {
    type: 'group',
    props: { by: [{ expression: col('a'), alias: 'a' }], expressions: [{ expression: { kind: 'aggregate', fn: 'sum', operand: col('b'), distinct: false }, alias: 's' }] },
    inputs: [{ ...DS, inputs: [] }],
  },
  sort: { type: 'sort', props: { by: [{ expression: col('a'), direction: 'asc' }] }, inputs: [DS] },
  join: { type: 'join', props: { join: 'INNER', on: [['a', 'b']] }, inputs: [DS, DS2] },
  enrich: {
    type: 'enrich',
    props: { source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng', res: 8, targetColumn: 'h3', sourceHexColumn: 'h3' },
    inputs: [DS],
  },
  databaseQuery: { type: 'databaseQuery', props: { query: 'select 1 as x', connectionId: 'conn-1', params: [] }, inputs: [] },
  hexify: { type: 'hexify', props: { geojson: SQUARE, res: 7, columnName: 'h3' } },
  dataset: { type: 'dataset', props: { uuid: UUID1.toUpperCase() } },
  tileQuantiles: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'DAY' } },
};

