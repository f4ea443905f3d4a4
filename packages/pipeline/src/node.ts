// Node values: creation (validation, defaults, freezing, hashing), deserialize and serialize.
import { Messages } from '@atlas/domain';
import { canonicalJson, deepFreeze, isPlainObject, own, sha256Hex } from './canonical.js';
import { clip, Site } from './errors.js';
import type { NodeJson } from './node-definition.js';
import { parseProps } from './props.js';
import { definitionOf, isNodeKind, NODE_KINDS, type NodeKind, type PipelineNode, type PropsByKind } from './registry.js';

export const MAX_PIPELINE_DEPTH = 100;
export const MAX_PIPELINE_NODES = 1000;

const created = new WeakSet<object>();
const canonicalText = new WeakMap<object, string>();

/** True for nodes made by this package (and so validated and frozen). */
export function isPipelineNode(value: unknown): value is PipelineNode {
  return typeof value === 'object' && value !== null && created.has(value);
}

function kindMessage(kind: string): string {
  return Messages.invalidNodeProps(kind);
}

/**
 * Validates props and inputs of one node and returns the frozen node.
 * `site` locates the node in the pipeline JSON (for error paths).
 */
export function createNode<K extends NodeKind>(kind: K, rawProps: unknown, inputs: readonly PipelineNode[], site = new Site('$', kindMessage(kind))): Extract<PipelineNode, { type: K }> {
  if (!isNodeKind(kind)) {
    return new Site(site.path, kindMessage(clip(String(kind), 40))).at('type').fail(`Unknown node type; expected one of: ${NODE_KINDS.join(', ')}`);
  }
  const definition = definitionOf(kind);
  site = site.withMessage(kindMessage(kind));
  const propsSite = site.at('props');
  const siteOf = (prop: string) => {
    const propSite = propsSite.at(prop);
    return definition.propMessage ? propSite.withMessage(definition.propMessage(prop)) : propSite;
  };
  let props = parseProps<object>(definition.props, rawProps, propsSite, siteOf);
  if (definition.finalize) props = definition.finalize(props, siteOf);

  const { min, max } = definition.inputs;
  if (!Array.isArray(inputs)) return site.at('inputs').fail('inputs must be a list of nodes');
  if (inputs.length < min || inputs.length > max) {
    const expected = min === max ? `exactly ${min}` : max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min}..${max}`;
    return site.at('inputs').fail(`${kind} needs ${expected} input${max === 1 ? '' : 's'}, got ${inputs.length}`);
  }
  inputs.forEach((input, index) => {
    if (!isPipelineNode(input)) return site.at('inputs').at(index).fail('inputs must be pipeline nodes (use deserialize or the builders)');
  });

  deepFreeze(props);
  const frozenInputs = Object.freeze([...inputs]);
  const json: NodeJson = deepFreeze({ type: kind, props: props as Record<string, unknown>, inputs: frozenInputs.map((input) => input.toJSON()) });
  // Same text as canonicalJson(json), reusing the inputs' texts.
  const text = `{"inputs":[${frozenInputs.map((input) => canonicalText.get(input)!).join(',')}],"props":${canonicalJson(props)},"type":${JSON.stringify(kind)}}`;
  const node = Object.freeze({
    type: kind,
    props,
    inputs: frozenInputs,
    hash: sha256Hex(text),
    toJSON: () => json,
  });
  created.add(node);
  canonicalText.set(node, text);
  return node as unknown as Extract<PipelineNode, { type: K }>;
}

/**
 * Reads a pipeline from its JSON form (`{ type, props, inputs }`, inputs nested), checking shapes and every rule.
 * Throws PipelineError (400) with `Messages.invalidNodeProps(kind)` (or the enrich/geometry messages) on failure.
 */
export function deserialize(json: unknown): PipelineNode {
  const counter = { nodes: 0 };
  return read(json, new Site('$', kindMessage('unknown')), 0, counter);
}

function read(value: unknown, site: Site, depth: number, counter: { nodes: number }): PipelineNode {
  if (depth > MAX_PIPELINE_DEPTH) return site.fail(`pipeline nests deeper than ${MAX_PIPELINE_DEPTH} nodes`);
  if (++counter.nodes > MAX_PIPELINE_NODES) return site.fail(`pipeline has more than ${MAX_PIPELINE_NODES} nodes`);
  if (!isPlainObject(value)) return site.fail('a node must be an object { type, props, inputs }');
  const type = own(value, 'type');
  if (!isNodeKind(type)) {
    const name = typeof type === 'string' && type.length > 0 ? clip(type, 40) : 'unknown';
    return site.withMessage(kindMessage(name)).at('type').fail(`Unknown node type; expected one of: ${NODE_KINDS.join(', ')}`);
  }
  const nodeSite = site.withMessage(kindMessage(type));
  for (const key of Object.keys(value)) {
    if (key !== 'type' && key !== 'props' && key !== 'inputs') return nodeSite.at(key).fail(`Unknown node field ${JSON.stringify(clip(key, 40))}; expected type, props, inputs`);
  }
  const rawInputs = own(value, 'inputs') ?? [];
  if (!Array.isArray(rawInputs)) return nodeSite.at('inputs').fail('inputs must be a list of nodes');
  if (rawInputs.length > 64) return nodeSite.at('inputs').fail('a node has at most 64 inputs');
  const inputs = rawInputs.map((input, index) => read(input, site.at('inputs').at(index), depth + 1, counter));
  return createNode(type, own(value, 'props'), inputs, nodeSite);
}

/** The canonical JSON form of a node: defaults applied, every node with `type`, `props` and `inputs`. Frozen. */
export function serialize(node: PipelineNode): NodeJson {
  if (!isPipelineNode(node)) throw new TypeError('serialize expects a pipeline node');
  return node.toJSON();
}

/** The canonical JSON text whose SHA-256 is the node's hash. */
export function canonicalTextOf(node: PipelineNode): string {
  return canonicalText.get(node)!;
}

export type { NodeJson, PropsByKind };
