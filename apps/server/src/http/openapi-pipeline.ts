// The OpenAPI document's pipeline schemas: routes validate a pipeline loosely (an object) and leave the checks to the
// pipeline package, whose 400s name the node and the prop; the document shows the schema generated from the node
// definitions instead, as components referenced wherever a route takes a pipeline.
import { PIPELINE_JSON_TITLE } from '@atlas/domain';
import { pipelineJsonSchemas, type JsonSchema } from '@atlas/pipeline';

const COMPONENTS = '#/components/schemas/';

/** Bare `$ref: 'PipelineNode'` ids as component references, throughout a schema. */
function componentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(componentRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '$id')
      .map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' && !inner.startsWith('#') ? `${COMPONENTS}${inner}` : componentRefs(inner)]),
  );
}

/** Every loose pipeline schema (known by its title) in the document as a reference to the generated one. */
function referencePipelines(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(referencePipelines);
  if (value === null || typeof value !== 'object') return value;
  if ((value as JsonSchema).title === PIPELINE_JSON_TITLE) return { $ref: `${COMPONENTS}${PIPELINE_JSON_TITLE}` };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, referencePipelines(inner)]));
}

/** The document with the pipeline schemas as components (for @fastify/swagger's transformObject). */
export function withPipelineSchemas<T extends { components?: { schemas?: Record<string, unknown> } }>(document: T): T {
  const referenced = referencePipelines(document) as T;
  const schemas = Object.fromEntries(Object.entries(pipelineJsonSchemas()).map(([name, schema]) => [name, componentRefs(schema)]));
  return { ...referenced, components: { ...referenced.components, schemas: { ...referenced.components?.schemas, ...schemas } } };
}
