// The generated JSON schema agrees with the parser: every valid example (minimal, explicit and canonical) passes
// both, and the broken ones fail both.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { deserialize, NODE_KINDS, PipelineError, pipelineJsonSchemas, serialize } from './index.js';
import { col, DS, EXAMPLES, EXPLICIT, HEXTILE, lit } from './test-support/examples.js';

function validator() {
  const ajv = new Ajv({ strictTypes: false });
  addFormats.default(ajv);
  const { PipelineNode, PipelineExpression } = pipelineJsonSchemas();
  ajv.addSchema(PipelineExpression);
  return ajv.compile(PipelineNode);
}

const parses = (json: unknown) => {
  try {
    deserialize(json);
    return true;
  } catch (error) {
    if (error instanceof PipelineError) return false;
    throw error;
  }
};

describe('the pipeline JSON schema', () => {
  const validate = validator();

  it('has one object schema per node kind, from the node definitions', () => {
    const { PipelineNode } = pipelineJsonSchemas();
    const kinds = (PipelineNode.oneOf as Array<{ properties: { type: { const: string } } }>).map((schema) => schema.properties.type.const);
    expect(kinds).toEqual([...NODE_KINDS]);
  });

  for (const [kind, json] of Object.entries({ ...EXAMPLES })) {
    it(`accepts the ${kind} example, written out and canonical`, () => {
      expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
      if (EXPLICIT[kind]) expect(validate(EXPLICIT[kind]), JSON.stringify(validate.errors)).toBe(true);
      expect(validate(serialize(deserialize(json))), JSON.stringify(validate.errors)).toBe(true);
    });
  }

  const broken: Record<string, unknown> = {
    'an unknown kind': { type: 'pivot', props: {} },
    'an unknown node field': { ...DS, version: 2 },
    'an unknown prop': { type: 'dataset', props: { uuid: DS.props.uuid, name: 'x' } },
    'a missing required prop': { type: 'dataset', props: {} },
    'a uuid that is not one': { type: 'dataset', props: { uuid: 'places' } },
    'a select without its input': { type: 'select', props: { expressions: [{ expression: col('a') }] } },
    'a tileJoin of one tileset': { type: 'tileJoin', inputs: [HEXTILE] },
    'a limit of zero rows': { type: 'limit', props: { length: 0 }, inputs: [DS] },
    'an unknown expression kind': { type: 'filter', props: { expression: { kind: 'regex', operand: col('a') } }, inputs: [DS] },
    'an unknown operator': { type: 'filter', props: { expression: { kind: 'binary', op: '~', left: col('a'), right: lit(1) } }, inputs: [DS] },
    'a literal object': { type: 'filter', props: { expression: { kind: 'binary', op: '=', left: col('a'), right: lit({}) } }, inputs: [DS] },
    'a join pair of three columns': { type: 'join', props: { on: [['a', 'b', 'c']] }, inputs: [DS, DS] },
  };
  for (const [what, json] of Object.entries(broken)) {
    it(`refuses ${what}, as the parser does`, () => {
      expect(validate(json)).toBe(false);
      expect(parses(json)).toBe(false);
    });
  }
});
