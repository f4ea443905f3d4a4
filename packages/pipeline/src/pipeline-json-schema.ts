// The JSON schema of a serialized pipeline, one object schema per node kind, built from the node definitions
// (their props' schemas, required props, input counts), so the OpenAPI document and the parser cannot drift apart.
import { EXPRESSION_SCHEMA, NODE_REF, objectSchema, PIPELINE_NODE_ID, type JsonSchema } from './json-schema.js';
import type { PropType } from './props.js';
import { definitionOf, NODE_KINDS, type NodeKind, type PropsByKind } from './registry.js';

function nodeSchema(kind: NodeKind): JsonSchema {
  const definition = definitionOf(kind);
  const props = Object.entries(definition.props as Record<string, PropType<unknown>>);
  const required = props.filter(([, type]) => !type.optional).map(([name]) => name);
  const { min, max } = definition.inputs;
  const properties: Record<string, JsonSchema> = {
    type: { const: kind },
    props: objectSchema(Object.fromEntries(props.map(([name, type]) => [name, type.schema])), required),
    inputs: { type: 'array', items: NODE_REF, minItems: min, maxItems: max },
  };
  const needed = ['type', ...(required.length > 0 ? ['props'] : []), ...(min > 0 ? ['inputs'] : [])];
  return objectSchema(properties, needed, { title: `${kind} node`, description: definition.description });
}

/** `{ PipelineNode, PipelineExpression }`: register both under their `$id`s (their `$ref`s name each other). */
export function pipelineJsonSchemas(): { PipelineNode: JsonSchema; PipelineExpression: JsonSchema } {
  return {
    PipelineNode: {
      $id: PIPELINE_NODE_ID,
      title: PIPELINE_NODE_ID,
      description: 'A serialized query pipeline: a node { type, props, inputs } whose inputs are nodes',
      oneOf: NODE_KINDS.map(nodeSchema),
    },
    PipelineExpression: EXPRESSION_SCHEMA,
  };
}

/** A pipeline's JSON form typed from the node definitions: each kind's props (those with defaults may be left out). */
export type PipelineNodeJson = { [K in NodeKind]: { type: K; props?: Partial<PropsByKind[K]>; inputs?: PipelineNodeJson[] } }[NodeKind];
