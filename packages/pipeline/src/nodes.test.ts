// Every node kind: valid examples, defaults, round trips, hashes, and every §5 rule failing with its §8 message.
import { Messages } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from './canonical.js';
import { canonicalTextOf } from './node.js';
import { deserialize, NODE_KINDS, PipelineError, serialize, type PipelineNode } from './index.js';
import * as build from './index.js';
import { CELL5, col, DS, DS2, EXAMPLES, EXPLICIT, FEATURE, HEXTILE, lit, SQUARE, UUID1, UUID2 } from './test-support/examples.js';

function catchError(fn: () => unknown): PipelineError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PipelineError) return error;
    throw error;
  }
  throw new Error('expected a PipelineError');
}

/** Reverses key order at every depth (arrays keep their order). */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .reverse()
        .map((key) => [key, reorder((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A prop change per kind that must change the hash. */
const CHANGES: Record<string, (json: any) => void> = {
  dataset: (json) => (json.props.uuid = UUID2),
  inline_data: (json) => (json.props.data = 'a,b\n1,x\n3,y\n'),
  select: (json) => (json.props.expressions[1].alias = 'uno'),
  group: (json) => (json.props.expressions[0].expression.fn = 'max'),
  filter: (json) => (json.props.expression.right.value = 4),
  sort: (json) => (json.props.by[0].direction = 'desc'),
  limit: (json) => (json.props.offset = 5),
  join: (json) => (json.props.join = 'FULL'),
  enrich: (json) => (json.props.res = 9),
  databaseQuery: (json) => (json.props.params = [1]),
  hexify: (json) => (json.props.res = 8),
  hexTile: (json) => (json.props.resolutionOffset = 3),
  tileExtract: (json) => (json.props.maxRows = 100),
  tileJoin: (json) => json.inputs.reverse(),
  tileQuantiles: (json) => (json.props.timeInterval = 'H'),
};

describe('every node kind', () => {
  it('has an example, and NODE_KINDS lists the 15 kinds of §3', () => {
    expect([...NODE_KINDS].sort()).toEqual(Object.keys(EXAMPLES).sort());
    expect(NODE_KINDS).toHaveLength(15);
  });

  for (const kind of Object.keys(EXAMPLES)) {
    describe(kind, () => {
      const json = EXAMPLES[kind];

      it('deserializes a valid example into a frozen node with a hash', () => {
        const node = deserialize(json);
        expect(node.type).toBe(kind);
        expect(node.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(Object.isFrozen(node)).toBe(true);
        expect(Object.isFrozen(node.props)).toBe(true);
        expect(Object.isFrozen(node.inputs)).toBe(true);
        expect(() => {
          (node.props as any).extra = 1;
        }).toThrow(TypeError);
      });

      it('round-trips through serialize and JSON text', () => {
        const node = deserialize(json);
        const again = deserialize(JSON.parse(JSON.stringify(serialize(node))));
        expect(serialize(again)).toEqual(serialize(node));
        expect(again.hash).toBe(node.hash);
        expect(JSON.parse(JSON.stringify(node))).toEqual(serialize(node));
      });

      it('hashes the canonical JSON with SHA-256', () => {
        const node = deserialize(json);
        expect(canonicalTextOf(node)).toBe(canonicalJson(serialize(node)));
        expect(node.hash).toBe(sha256Hex(canonicalJson(serialize(node))));
      });

      it('keeps its hash under key reordering', () => {
        expect(deserialize(reorder(json)).hash).toBe(deserialize(json).hash);
      });

      if (EXPLICIT[kind]) {
        it('keeps its hash when defaults are written out', () => {
          expect(deserialize(EXPLICIT[kind]).hash).toBe(deserialize(json).hash);
          expect(serialize(deserialize(EXPLICIT[kind]))).toEqual(serialize(deserialize(json)));
        });
      }

      it('changes its hash when a prop changes', () => {
        const changed = structuredClone(json) as any;
        CHANGES[kind]!(changed);
        expect(deserialize(changed).hash).not.toBe(deserialize(json).hash);
      });
    });
  }
});

describe('defaults in the canonical form', () => {
  const props = (json: unknown) => serialize(deserialize(json)).props as any;

  it('fills aliases, directions, join type, distinct and negate', () => {
    expect(props(EXAMPLES['select']).expressions[0]).toEqual({ expression: col('a'), alias: 'a' });
    expect(props(EXAMPLES['sort']).by[0].direction).toBe('asc');
    expect(props(EXAMPLES['join']).join).toBe('INNER');
    expect(props(EXAMPLES['group']).expressions[0].expression.distinct).toBe(false);
    const filter = { type: 'filter', props: { expression: { kind: 'isNull', operand: col('a') } }, inputs: [DS] };
    expect(props(filter).expression).toEqual({ kind: 'isNull', operand: col('a'), negate: false });
  });

  it('fills group by and expressions with empty lists', () => {
    const only = { type: 'group', props: { by: [{ expression: col('a') }] }, inputs: [DS] };
    expect(props(only)).toEqual({ by: [{ expression: col('a'), alias: 'a' }], expressions: [] });
  });

  it('fills enrich defaults depending on targetType and timeColumn', () => {
    expect(props(EXAMPLES['enrich'])).toEqual({
      source: UUID2,
      sourceColumn: 'pop',
      targetType: 'LATLNG',
      latColumn: 'lat',
      lngColumn: 'lng',
      res: 8,
      targetColumn: 'h3',
      sourceHexColumn: 'h3',
    });
    const h3 = { type: 'enrich', props: { source: UUID2, sourceColumn: 'pop', targetType: 'H3', column: 'cell', timeColumn: 't', timeInterval: 'DAY' }, inputs: [DS] };
    expect(props(h3)).toEqual({
      source: UUID2,
      sourceColumn: 'pop',
      targetType: 'H3',
      column: 'cell',
      sourceHexColumn: 'h3',
      timeColumn: 't',
      timeInterval: 'D',
      sourceTimeColumn: 'time',
    });
  });

  it('fills databaseQuery params, hexify columnName; keeps limit offset absent', () => {
    expect(props(EXAMPLES['databaseQuery']).params).toEqual([]);
    expect(props(EXAMPLES['hexify']).columnName).toBe('h3');
    expect(props(EXAMPLES['limit'])).toEqual({ length: 10 });
    expect(serialize(deserialize(EXAMPLES['dataset'])).inputs).toEqual([]);
  });

  it('normalises UUIDs and H3 indexes to lower case and intervals to codes', () => {
    expect(props({ type: 'dataset', props: { uuid: UUID1.toUpperCase() } }).uuid).toBe(UUID1);
    expect(props({ type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5.toUpperCase() } }).tileIndex).toBe(CELL5);
    expect(props({ type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'MINUTE' } }).timeInterval).toBe('T');
  });

  it('treats null props like absent ones', () => {
    const withNull = { type: 'limit', props: { length: 10, offset: null }, inputs: [DS] };
    expect(deserialize(withNull).hash).toBe(deserialize(EXAMPLES['limit']).hash);
  });

  it('differs from a node with another input', () => {
    const a = deserialize(EXAMPLES['limit']);
    const b = deserialize({ type: 'limit', props: { length: 10 }, inputs: [DS2] });
    expect(a.hash).not.toBe(b.hash);
  });
});

describe('builders', () => {
  const { expr: e } = build;

  it('build the same nodes as deserialize', () => {
    const ds = build.dataset(UUID1);
    expect(ds.hash).toBe(deserialize(DS).hash);
    expect(build.filter(ds, e.gt(e.col('a'), e.lit(3))).hash).toBe(deserialize(EXAMPLES['filter']).hash);
    expect(build.limit(ds, 10).hash).toBe(deserialize(EXAMPLES['limit']).hash);
    expect(build.join(ds, build.dataset(UUID2), [['a', 'b']]).hash).toBe(deserialize(EXAMPLES['join']).hash);
    expect(build.select(ds, [{ expression: e.col('a') }, e.as(e.lit(1), 'one')]).hash).toBe(deserialize(EXAMPLES['select']).hash);
    expect(build.group(ds, { by: [{ expression: e.col('a') }], expressions: [e.as(e.sum(e.col('b')), 's')] }).hash).toBe(deserialize(EXAMPLES['group']).hash);
    expect(build.sort(ds, [{ expression: e.col('a') }]).hash).toBe(deserialize(EXAMPLES['sort']).hash);
    expect(build.inlineData('CSV', 'a,b\n1,x\n2,y\n').hash).toBe(deserialize(EXAMPLES['inline_data']).hash);
    expect(build.enrich(ds, { source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng' }).hash).toBe(
      deserialize(EXAMPLES['enrich']).hash,
    );
    expect(build.databaseQuery('conn-1', 'select 1 as x').hash).toBe(deserialize(EXAMPLES['databaseQuery']).hash);
    expect(build.hexify(SQUARE, 7).hash).toBe(deserialize(EXAMPLES['hexify']).hash);
    const tile = build.hexTile(UUID1, CELL5, 2);
    expect(tile.hash).toBe(deserialize(HEXTILE).hash);
    expect(build.tileExtract(tile, FEATURE, 7).hash).toBe(deserialize(EXAMPLES['tileExtract']).hash);
    expect(build.tileJoin([tile, build.hexTile(UUID2, CELL5)]).hash).toBe(deserialize(EXAMPLES['tileJoin']).hash);
    expect(build.tileQuantiles(UUID1, 5, 'D').hash).toBe(deserialize(EXAMPLES['tileQuantiles']).hash);
  });

  it('validate like deserialize', () => {
    const error = catchError(() => build.limit(build.dataset(UUID1), 0));
    expect(error).toMatchObject({ status: 400, message: Messages.invalidNodeProps('limit'), path: '$.props.length' });
    expect(catchError(() => build.dataset('nope')).message).toBe(Messages.invalidNodeProps('dataset'));
  });

  it('refuse inputs that are not nodes made here', () => {
    const fake = { ...build.dataset(UUID1) } as PipelineNode;
    const error = catchError(() => build.filter(fake, build.expr.lit(true)));
    expect(error).toMatchObject({ status: 400, path: '$.inputs[0]' });
  });

  it('share inputs without copying them', () => {
    const ds = build.dataset(UUID1);
    const f = build.filter(ds, e.lit(true));
    expect(f.inputs[0]).toBe(ds);
  });
});

interface RuleCase {
  readonly name: string;
  readonly json: unknown;
  readonly message: string;
  readonly path?: string;
  readonly details?: RegExp;
}

const invalid = (kind: string) => Messages.invalidNodeProps(kind);
const enrichProp = (field: string) => Messages.invalidEnrichmentProp(field);
const ENRICH_H3 = { source: UUID2, sourceColumn: 'pop', targetType: 'H3', column: 'cell' };
const enrichWith = (props: Record<string, unknown>) => ({ type: 'enrich', props, inputs: [DS] });
const without = (object: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
const polygonWithRing = (ring: unknown) => ({ type: 'Polygon', coordinates: [ring] });

const RULES: RuleCase[] = [
  // databaseQuery: non-empty query and connectionId.
  { name: 'databaseQuery empty query', json: { type: 'databaseQuery', props: { query: '', connectionId: 'c' } }, message: invalid('databaseQuery'), path: '$.props.query' },
  { name: 'databaseQuery blank query', json: { type: 'databaseQuery', props: { query: '  \n', connectionId: 'c' } }, message: invalid('databaseQuery'), path: '$.props.query' },
  { name: 'databaseQuery missing query', json: { type: 'databaseQuery', props: { connectionId: 'c' } }, message: invalid('databaseQuery'), path: '$.props.query' },
  { name: 'databaseQuery empty connectionId', json: { type: 'databaseQuery', props: { query: 'select 1', connectionId: '' } }, message: invalid('databaseQuery'), path: '$.props.connectionId' },
  { name: 'databaseQuery missing connectionId', json: { type: 'databaseQuery', props: { query: 'select 1' } }, message: invalid('databaseQuery'), path: '$.props.connectionId' },
  { name: 'databaseQuery object params', json: { type: 'databaseQuery', props: { query: 'q', connectionId: 'c', params: [{}] } }, message: invalid('databaseQuery'), path: '$.props.params[0]' },
  // dataset: non-empty uuid.
  { name: 'dataset empty uuid', json: { type: 'dataset', props: { uuid: '' } }, message: invalid('dataset'), path: '$.props.uuid', details: /must not be empty/ },
  { name: 'dataset missing uuid', json: { type: 'dataset', props: {} }, message: invalid('dataset'), path: '$.props.uuid', details: /required/ },
  { name: 'dataset non-UUID uuid', json: { type: 'dataset', props: { uuid: "x' OR 1=1 --" } }, message: invalid('dataset'), path: '$.props.uuid', details: /UUID/ },
  { name: 'dataset numeric uuid', json: { type: 'dataset', props: { uuid: 42 } }, message: invalid('dataset'), path: '$.props.uuid' },
  // enrich: source, sourceColumn; H3 column; LATLNG lat/lng; timeInterval only with timeColumn.
  { name: 'enrich missing source', json: enrichWith(without(ENRICH_H3, 'source')), message: enrichProp('source'), path: '$.props.source' },
  { name: 'enrich empty source', json: enrichWith({ ...ENRICH_H3, source: '' }), message: enrichProp('source') },
  { name: 'enrich missing sourceColumn', json: enrichWith(without(ENRICH_H3, 'sourceColumn')), message: enrichProp('sourceColumn'), path: '$.props.sourceColumn' },
  { name: 'enrich empty sourceColumn', json: enrichWith({ ...ENRICH_H3, sourceColumn: '' }), message: enrichProp('sourceColumn') },
  { name: 'enrich H3 without column', json: enrichWith(without(ENRICH_H3, 'column')), message: enrichProp('column'), path: '$.props.column' },
  {
    name: 'enrich LATLNG without latColumn',
    json: enrichWith({ source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', lngColumn: 'lng' }),
    message: enrichProp('latColumn'),
    path: '$.props.latColumn',
  },
  {
    name: 'enrich LATLNG without lngColumn',
    json: enrichWith({ source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat' }),
    message: enrichProp('lngColumn'),
    path: '$.props.lngColumn',
  },
  { name: 'enrich timeInterval without timeColumn', json: enrichWith({ ...ENRICH_H3, timeInterval: 'D' }), message: enrichProp('timeInterval'), path: '$.props.timeInterval' },
  { name: 'enrich sourceTimeColumn without timeColumn', json: enrichWith({ ...ENRICH_H3, sourceTimeColumn: 't' }), message: enrichProp('sourceTimeColumn') },
  { name: 'enrich bad timeInterval', json: enrichWith({ ...ENRICH_H3, timeColumn: 't', timeInterval: 'SECOND' }), message: enrichProp('timeInterval') },
  { name: 'enrich bad targetType', json: enrichWith({ ...ENRICH_H3, targetType: 'POINT' }), message: enrichProp('targetType') },
  { name: 'enrich missing targetType', json: enrichWith(without(ENRICH_H3, 'targetType')), message: enrichProp('targetType') },
  { name: 'enrich latColumn with H3', json: enrichWith({ ...ENRICH_H3, latColumn: 'lat' }), message: enrichProp('latColumn') },
  { name: 'enrich res with H3', json: enrichWith({ ...ENRICH_H3, res: 7 }), message: enrichProp('res') },
  {
    name: 'enrich LATLNG res 16',
    json: enrichWith({ source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng', res: 16 }),
    message: enrichProp('res'),
  },
  {
    name: 'enrich column with LATLNG',
    json: enrichWith({ source: UUID2, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng', column: 'c' }),
    message: enrichProp('column'),
  },
  { name: 'enrich unknown prop', json: enrichWith({ ...ENRICH_H3, extra: 1 }), message: enrichProp('extra'), path: '$.props.extra' },
  { name: 'enrich without input', json: { type: 'enrich', props: ENRICH_H3 }, message: invalid('enrich'), path: '$.inputs' },
  // hexTile: uuid, valid H3 index, resolutionOffset 1..15.
  { name: 'hexTile missing uuid', json: { type: 'hexTile', props: { tileIndex: CELL5 } }, message: invalid('hexTile'), path: '$.props.uuid' },
  { name: 'hexTile invalid index', json: { type: 'hexTile', props: { uuid: UUID1, tileIndex: '85283083ffffffz' } }, message: invalid('hexTile'), path: '$.props.tileIndex' },
  { name: 'hexTile index not a cell', json: { type: 'hexTile', props: { uuid: UUID1, tileIndex: 'ffffffffffffffff' } }, message: invalid('hexTile') },
  { name: 'hexTile missing index', json: { type: 'hexTile', props: { uuid: UUID1 } }, message: invalid('hexTile'), path: '$.props.tileIndex' },
  { name: 'hexTile offset 0', json: { type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5, resolutionOffset: 0 } }, message: invalid('hexTile'), path: '$.props.resolutionOffset' },
  { name: 'hexTile offset 16', json: { type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5, resolutionOffset: 16 } }, message: invalid('hexTile') },
  { name: 'hexTile offset 1.5', json: { type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5, resolutionOffset: 1.5 } }, message: invalid('hexTile') },
  { name: 'hexTile offset beyond res 15', json: { type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5, resolutionOffset: 11 } }, message: invalid('hexTile') },
  { name: 'hexTile with an input', json: { ...HEXTILE, inputs: [DS] }, message: invalid('hexTile'), path: '$.inputs' },
  // hexify: res integer 0..15; valid GeoJSON.
  { name: 'hexify res -1', json: { type: 'hexify', props: { geojson: SQUARE, res: -1 } }, message: invalid('hexify'), path: '$.props.res' },
  { name: 'hexify res 16', json: { type: 'hexify', props: { geojson: SQUARE, res: 16 } }, message: invalid('hexify'), path: '$.props.res' },
  { name: 'hexify res 7.5', json: { type: 'hexify', props: { geojson: SQUARE, res: 7.5 } }, message: invalid('hexify') },
  { name: 'hexify res string', json: { type: 'hexify', props: { geojson: SQUARE, res: '7' } }, message: invalid('hexify') },
  { name: 'hexify missing geojson', json: { type: 'hexify', props: { res: 7 } }, message: invalid('hexify'), path: '$.props.geojson' },
  { name: 'hexify Point', json: { type: 'hexify', props: { geojson: { type: 'Point', coordinates: [0, 0] }, res: 7 } }, message: Messages.unsupportedGeometryType('Point') },
  { name: 'hexify LineString', json: { type: 'hexify', props: { geojson: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, res: 7 } }, message: Messages.unsupportedGeometryType('LineString') },
  { name: 'hexify GeometryCollection', json: { type: 'hexify', props: { geojson: { type: 'GeometryCollection', geometries: [SQUARE] }, res: 7 } }, message: Messages.unsupportedGeometryType('GeometryCollection') },
  {
    name: 'hexify Feature of MultiPoint',
    json: { type: 'hexify', props: { geojson: { type: 'Feature', properties: {}, geometry: { type: 'MultiPoint', coordinates: [[0, 0]] } }, res: 7 } },
    message: Messages.unsupportedGeometryType('MultiPoint'),
    path: '$.props.geojson.geometry.type',
  },
  {
    name: 'hexify FeatureCollection with a LineString',
    json: {
      type: 'hexify',
      props: { geojson: { type: 'FeatureCollection', features: [FEATURE, { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] } }] }, res: 7 },
    },
    message: Messages.unsupportedGeometryType('LineString'),
    path: '$.props.geojson.features[1].geometry.type',
  },
  { name: 'hexify Feature without geometry', json: { type: 'hexify', props: { geojson: { type: 'Feature', properties: {}, geometry: null }, res: 7 } }, message: Messages.unsupportedGeometryType('null') },
  { name: 'hexify empty FeatureCollection', json: { type: 'hexify', props: { geojson: { type: 'FeatureCollection', features: [] }, res: 7 } }, message: invalid('hexify') },
  {
    name: 'hexify open ring',
    json: { type: 'hexify', props: { geojson: polygonWithRing([[0, 0], [1, 0], [1, 1], [0, 1]]), res: 7 } },
    message: invalid('hexify'),
    details: /closed/,
  },
  { name: 'hexify ring of 3', json: { type: 'hexify', props: { geojson: polygonWithRing([[0, 0], [1, 0], [0, 0]]), res: 7 } }, message: invalid('hexify'), details: /at least 4/ },
  {
    name: 'hexify longitude 200',
    json: { type: 'hexify', props: { geojson: polygonWithRing([[0, 0], [200, 0], [1, 1], [0, 0]]), res: 7 } },
    message: invalid('hexify'),
    path: '$.props.geojson.coordinates[0][1]',
  },
  { name: 'hexify latitude 95', json: { type: 'hexify', props: { geojson: polygonWithRing([[0, 0], [1, 95], [1, 1], [0, 0]]), res: 7 } }, message: invalid('hexify') },
  { name: 'hexify text coordinate', json: { type: 'hexify', props: { geojson: polygonWithRing([[0, 0], ['1', 0], [1, 1], [0, 0]]), res: 7 } }, message: invalid('hexify') },
  { name: 'hexify Polygon without rings', json: { type: 'hexify', props: { geojson: { type: 'Polygon', coordinates: [] }, res: 7 } }, message: invalid('hexify') },
  { name: 'hexify not GeoJSON', json: { type: 'hexify', props: { geojson: 'POLYGON((0 0))', res: 7 } }, message: invalid('hexify') },
  // inline data: non-empty.
  { name: 'inline_data empty CSV', json: { type: 'inline_data', props: { format: 'CSV', data: '' } }, message: invalid('inline_data'), path: '$.props.data' },
  { name: 'inline_data empty JSON list', json: { type: 'inline_data', props: { format: 'JSON_OBJECT', data: [] } }, message: invalid('inline_data'), path: '$.props.data' },
  { name: 'inline_data missing data', json: { type: 'inline_data', props: { format: 'CSV' } }, message: invalid('inline_data'), path: '$.props.data' },
  { name: 'inline_data JSON rows not objects', json: { type: 'inline_data', props: { format: 'JSON_OBJECT', data: [1, 2] } }, message: invalid('inline_data'), path: '$.props.data[0]' },
  { name: 'inline_data nested value', json: { type: 'inline_data', props: { format: 'JSON_OBJECT', data: [{ a: { b: 1 } }] } }, message: invalid('inline_data'), path: '$.props.data[0].a' },
  { name: 'inline_data objects without keys', json: { type: 'inline_data', props: { format: 'JSON_OBJECT', data: [{}] } }, message: invalid('inline_data') },
  { name: 'inline_data CSV given a list', json: { type: 'inline_data', props: { format: 'CSV', data: [{ a: 1 }] } }, message: invalid('inline_data') },
  { name: 'inline_data JSON given text', json: { type: 'inline_data', props: { format: 'JSON_OBJECT', data: 'a\n1' } }, message: invalid('inline_data') },
  { name: 'inline_data unknown format', json: { type: 'inline_data', props: { format: 'XML', data: '<a/>' } }, message: invalid('inline_data'), path: '$.props.format' },
  { name: 'inline_data CSV header only', json: { type: 'inline_data', props: { format: 'CSV', data: 'a,b\n' } }, message: invalid('inline_data'), details: /header row and at least one data row/ },
  { name: 'inline_data CSV ragged row', json: { type: 'inline_data', props: { format: 'CSV', data: 'a,b\n1\n' } }, message: invalid('inline_data'), details: /row 1 has 1 fields/ },
  { name: 'inline_data CSV open quote', json: { type: 'inline_data', props: { format: 'CSV', data: 'a\n"x\n' } }, message: invalid('inline_data'), details: /Unterminated/ },
  { name: 'inline_data CSV duplicate header', json: { type: 'inline_data', props: { format: 'CSV', data: 'a,a\n1,2\n' } }, message: invalid('inline_data'), details: /duplicate column/ },
  { name: 'inline_data CSV empty header field', json: { type: 'inline_data', props: { format: 'CSV', data: 'a,\n1,2\n' } }, message: invalid('inline_data') },
  // join: exactly 2 inputs, non-empty on.
  { name: 'join 1 input', json: { type: 'join', props: { on: [['a', 'b']] }, inputs: [DS] }, message: invalid('join'), path: '$.inputs', details: /exactly 2/ },
  { name: 'join 3 inputs', json: { type: 'join', props: { on: [['a', 'b']] }, inputs: [DS, DS, DS2] }, message: invalid('join'), path: '$.inputs' },
  { name: 'join empty on', json: { type: 'join', props: { on: [] }, inputs: [DS, DS2] }, message: invalid('join'), path: '$.props.on' },
  { name: 'join missing on', json: { type: 'join', props: {}, inputs: [DS, DS2] }, message: invalid('join'), path: '$.props.on' },
  { name: 'join pair of 1', json: { type: 'join', props: { on: [['a']] }, inputs: [DS, DS2] }, message: invalid('join'), path: '$.props.on[0]' },
  { name: 'join pair of 3', json: { type: 'join', props: { on: [['a', 'b', 'c']] }, inputs: [DS, DS2] }, message: invalid('join') },
  { name: 'join empty column', json: { type: 'join', props: { on: [['a', '']] }, inputs: [DS, DS2] }, message: invalid('join'), path: '$.props.on[0][1]' },
  { name: 'join bad type', json: { type: 'join', props: { join: 'CROSS', on: [['a', 'b']] }, inputs: [DS, DS2] }, message: invalid('join'), path: '$.props.join' },
  // limit: length > 0; offset > 0 if present.
  { name: 'limit length 0', json: { type: 'limit', props: { length: 0 }, inputs: [DS] }, message: invalid('limit'), path: '$.props.length' },
  { name: 'limit length -1', json: { type: 'limit', props: { length: -1 }, inputs: [DS] }, message: invalid('limit') },
  { name: 'limit length 1.5', json: { type: 'limit', props: { length: 1.5 }, inputs: [DS] }, message: invalid('limit') },
  { name: 'limit length text', json: { type: 'limit', props: { length: '10; DROP TABLE x' }, inputs: [DS] }, message: invalid('limit') },
  { name: 'limit missing length', json: { type: 'limit', props: {}, inputs: [DS] }, message: invalid('limit'), path: '$.props.length' },
  { name: 'limit offset 0', json: { type: 'limit', props: { length: 1, offset: 0 }, inputs: [DS] }, message: invalid('limit'), path: '$.props.offset' },
  { name: 'limit offset -2', json: { type: 'limit', props: { length: 1, offset: -2 }, inputs: [DS] }, message: invalid('limit'), path: '$.props.offset' },
  // select: needs expressions.
  { name: 'select empty expressions', json: { type: 'select', props: { expressions: [] }, inputs: [DS] }, message: invalid('select'), path: '$.props.expressions' },
  { name: 'select missing expressions', json: { type: 'select', props: {}, inputs: [DS] }, message: invalid('select'), path: '$.props.expressions' },
  // sort: needs by.
  { name: 'sort empty by', json: { type: 'sort', props: { by: [] }, inputs: [DS] }, message: invalid('sort'), path: '$.props.by' },
  { name: 'sort missing by', json: { type: 'sort', props: {}, inputs: [DS] }, message: invalid('sort'), path: '$.props.by' },
  { name: 'sort bad direction', json: { type: 'sort', props: { by: [{ expression: col('a'), direction: 'up' }] }, inputs: [DS] }, message: invalid('sort'), path: '$.props.by[0].direction' },
  // group: needs by or expressions.
  { name: 'group with neither', json: { type: 'group', props: {}, inputs: [DS] }, message: invalid('group'), details: /by or expressions/ },
  { name: 'group with two empty lists', json: { type: 'group', props: { by: [], expressions: [] }, inputs: [DS] }, message: invalid('group') },
  // tileJoin: at least 2 inputs.
  { name: 'tileJoin 1 input', json: { type: 'tileJoin', inputs: [HEXTILE] }, message: invalid('tileJoin'), path: '$.inputs', details: /2\.\.32/ },
  { name: 'tileJoin no inputs', json: { type: 'tileJoin', props: {} }, message: invalid('tileJoin') },
  { name: 'tileJoin props', json: { type: 'tileJoin', props: { on: 'h3' }, inputs: [HEXTILE, HEXTILE] }, message: invalid('tileJoin'), path: '$.props.on' },
  // tileQuantiles: non-empty uuid, integer res 0..15, interval one of T H D M Y.
  { name: 'tileQuantiles empty uuid', json: { type: 'tileQuantiles', props: { uuid: '', res: 5, timeInterval: 'D' } }, message: invalid('tileQuantiles'), path: '$.props.uuid' },
  { name: 'tileQuantiles res 16', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 16, timeInterval: 'D' } }, message: invalid('tileQuantiles'), path: '$.props.res' },
  { name: 'tileQuantiles res 2.5', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 2.5, timeInterval: 'D' } }, message: invalid('tileQuantiles') },
  { name: 'tileQuantiles missing res', json: { type: 'tileQuantiles', props: { uuid: UUID1, timeInterval: 'D' } }, message: invalid('tileQuantiles') },
  { name: 'tileQuantiles interval S', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'S' } }, message: invalid('tileQuantiles'), path: '$.props.timeInterval' },
  { name: 'tileQuantiles interval SECOND', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'SECOND' } }, message: invalid('tileQuantiles') },
  { name: 'tileQuantiles interval lower case', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'd' } }, message: invalid('tileQuantiles') },
  { name: 'tileQuantiles missing interval', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5 } }, message: invalid('tileQuantiles') },
  // tileExtract: a Feature with Polygon or MultiPolygon geometry; maxRows > 0 if given.
  { name: 'tileExtract bare Polygon', json: { type: 'tileExtract', props: { feature: SQUARE, res: 7 }, inputs: [HEXTILE] }, message: invalid('tileExtract'), path: '$.props.feature' },
  {
    name: 'tileExtract Point Feature',
    json: { type: 'tileExtract', props: { feature: { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } }, res: 7 }, inputs: [HEXTILE] },
    message: Messages.unsupportedGeometryType('Point'),
  },
  { name: 'tileExtract FeatureCollection', json: { type: 'tileExtract', props: { feature: { type: 'FeatureCollection', features: [FEATURE] }, res: 7 }, inputs: [HEXTILE] }, message: invalid('tileExtract') },
  { name: 'tileExtract missing feature', json: { type: 'tileExtract', props: { res: 7 }, inputs: [HEXTILE] }, message: invalid('tileExtract') },
  { name: 'tileExtract maxRows 0', json: { type: 'tileExtract', props: { feature: FEATURE, res: 7, maxRows: 0 }, inputs: [HEXTILE] }, message: invalid('tileExtract'), path: '$.props.maxRows' },
  { name: 'tileExtract maxRows -5', json: { type: 'tileExtract', props: { feature: FEATURE, res: 7, maxRows: -5 }, inputs: [HEXTILE] }, message: invalid('tileExtract') },
  { name: 'tileExtract missing res', json: { type: 'tileExtract', props: { feature: FEATURE }, inputs: [HEXTILE] }, message: invalid('tileExtract'), path: '$.props.res' },
  { name: 'tileExtract no input', json: { type: 'tileExtract', props: { feature: FEATURE, res: 7 } }, message: invalid('tileExtract'), path: '$.inputs' },
  // Other nodes: exactly 1 input; sources: 0.
  { name: 'filter without input', json: { type: 'filter', props: { expression: lit(true) } }, message: invalid('filter'), path: '$.inputs', details: /exactly 1 input, got 0/ },
  { name: 'select with 2 inputs', json: { type: 'select', props: { expressions: [{ expression: col('a') }] }, inputs: [DS, DS2] }, message: invalid('select'), path: '$.inputs' },
  { name: 'sort without input', json: { type: 'sort', props: { by: [{ expression: col('a') }] }, inputs: [] }, message: invalid('sort') },
  { name: 'group with 2 inputs', json: { type: 'group', props: { by: [{ expression: col('a') }] }, inputs: [DS, DS] }, message: invalid('group') },
  { name: 'limit without input', json: { type: 'limit', props: { length: 1 } }, message: invalid('limit') },
  { name: 'dataset with an input', json: { ...DS, inputs: [DS2] }, message: invalid('dataset'), path: '$.inputs', details: /exactly 0 inputs/ },
  { name: 'inline_data with an input', json: { type: 'inline_data', props: { format: 'CSV', data: 'a\n1' }, inputs: [DS] }, message: invalid('inline_data') },
  { name: 'databaseQuery with an input', json: { type: 'databaseQuery', props: { query: 'q', connectionId: 'c' }, inputs: [DS] }, message: invalid('databaseQuery') },
  { name: 'hexify with an input', json: { type: 'hexify', props: { geojson: SQUARE, res: 7 }, inputs: [DS] }, message: invalid('hexify') },
  { name: 'tileQuantiles with an input', json: { type: 'tileQuantiles', props: { uuid: UUID1, res: 5, timeInterval: 'D' }, inputs: [DS] }, message: invalid('tileQuantiles') },
  // Node shapes.
  { name: 'a node that is not an object', json: 'dataset', message: invalid('unknown'), path: '$' },
  { name: 'an unknown node type', json: { type: 'drop_table', props: {} }, message: invalid('drop_table'), path: '$.type' },
  { name: 'a missing node type', json: { props: {} }, message: invalid('unknown'), path: '$.type' },
  { name: 'an unknown node field', json: { ...DS, hash: 'x' }, message: invalid('dataset'), path: '$.hash' },
  { name: 'props that are not an object', json: { type: 'dataset', props: [UUID1] }, message: invalid('dataset'), path: '$.props' },
  { name: 'an unknown prop', json: { type: 'dataset', props: { uuid: UUID1, table: 'users' } }, message: invalid('dataset'), path: '$.props.table' },
  { name: 'inputs that are not a list', json: { type: 'filter', props: { expression: lit(true) }, inputs: DS }, message: invalid('filter'), path: '$.inputs' },
  { name: 'an invalid nested input', json: { type: 'filter', props: { expression: lit(true) }, inputs: [{ type: 'limit', props: { length: 0 }, inputs: [DS] }] }, message: invalid('limit'), path: '$.inputs[0].props.length' },
];

describe('§5 rules answer 400 with the §8 messages', () => {
  for (const rule of RULES) {
    it(rule.name, () => {
      const error = catchError(() => deserialize(rule.json));
      expect(error.status).toBe(400);
      expect(error.message).toBe(rule.message);
      if (rule.path) expect(error.path).toBe(rule.path);
      if (rule.details) expect(error.details).toMatch(rule.details);
      expect(error.details.length).toBeGreaterThan(0);
    });
  }

  it('accepts the boundary values', () => {
    expect(() => deserialize({ type: 'hexify', props: { geojson: SQUARE, res: 0 } })).not.toThrow();
    expect(() => deserialize({ type: 'hexify', props: { geojson: SQUARE, res: 15 } })).not.toThrow();
    expect(() => deserialize({ type: 'hexTile', props: { uuid: UUID1, tileIndex: CELL5, resolutionOffset: 10 } })).not.toThrow();
    expect(() => deserialize({ type: 'hexTile', props: { uuid: UUID1, tileIndex: '8029fffffffffff', resolutionOffset: 15 } })).not.toThrow();
    expect(() => deserialize({ type: 'limit', props: { length: 1, offset: 1 }, inputs: [DS] })).not.toThrow();
    expect(() => deserialize({ type: 'tileQuantiles', props: { uuid: UUID1, res: 0, timeInterval: 'T' } })).not.toThrow();
    expect(() => deserialize({ type: 'tileJoin', inputs: Array.from({ length: 32 }, () => HEXTILE) })).not.toThrow();
    for (const interval of ['Y', 'M', 'D', 'H', 'T', 'YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE']) {
      expect(() => deserialize({ type: 'tileQuantiles', props: { uuid: UUID1, res: 3, timeInterval: interval } })).not.toThrow();
    }
  });

  it('accepts MultiPolygons, Features and FeatureCollections for hexify, and MultiPolygon Features for tileExtract', () => {
    const multi = { type: 'MultiPolygon', coordinates: [SQUARE.coordinates, SQUARE.coordinates] };
    expect(() => deserialize({ type: 'hexify', props: { geojson: multi, res: 3 } })).not.toThrow();
    expect(() => deserialize({ type: 'hexify', props: { geojson: FEATURE, res: 3 } })).not.toThrow();
    expect(() => deserialize({ type: 'hexify', props: { geojson: { type: 'FeatureCollection', features: [FEATURE, { ...FEATURE, geometry: multi }] }, res: 3 } })).not.toThrow();
    expect(() => deserialize({ type: 'tileExtract', props: { feature: { ...FEATURE, geometry: multi }, res: 3 }, inputs: [HEXTILE] })).not.toThrow();
  });

  it('refuses pipelines nested too deep', () => {
    let json: unknown = DS;
    for (let i = 0; i < 150; i++) json = { type: 'limit', props: { length: 1 }, inputs: [json] };
    expect(catchError(() => deserialize(json))).toMatchObject({ status: 400 });
  });
});
