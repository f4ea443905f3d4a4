import {
  CREATE_STATE_SCHEMAS,
  STATE_KINDS,
  STATE_SCHEMAS,
  State as AnyState,
  StateUpdateQuery,
  UpdateStateRequest,
  Uuid,
  type StateData,
  type StateKind,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as states from './service.js';

const IdParams = Type.Object({ id: Uuid() });

/** Insight states, studio states (maps) and workbook states: one route set per kind, from one definition. */
export function stateRoutes(app: App, { db }: AppDeps) {
  for (const kind of Object.keys(STATE_KINDS) as StateKind[]) registerStateKind(app, db, kind);
}

function registerStateKind(app: App, db: AppDeps['db'], kind: StateKind) {
  const { path, field, label } = STATE_KINDS[kind];
  // Typed as the general State: the handlers serve all three kinds; OpenAPI still shows the kind's own schema.
  const State = STATE_SCHEMAS[kind] as unknown as typeof AnyState;
  const tags = [path.slice('/v1/'.length)];

  app.get(
    `${path}/:id`,
    { schema: { tags, summary: `Get a ${label.toLowerCase()}`, params: IdParams, response: { 200: State, ...errorResponses(400, 401, 404) } } },
    (request) => states.getState(db, requireIdentity(request.identity), kind, request.params.id),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: `Save a new ${label.toLowerCase()} of its record`,
        body: CREATE_STATE_SCHEMAS[kind],
        response: { 201: State, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const state = await states.createState(db, requireIdentity(request.identity), kind, body[field] as string, body.data as StateData);
      return reply.status(201).send(state);
    },
  );

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Update a ${label.toLowerCase()}`,
        params: IdParams,
        querystring: StateUpdateQuery,
        body: UpdateStateRequest,
        response: { 200: State, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      states.updateState(db, requireIdentity(request.identity), kind, request.params.id, request.body.data as StateData, {
        acquireLock: request.query.acquireLock,
      }),
  );

  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: `Delete a ${label.toLowerCase()}`, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      await states.deleteState(db, requireIdentity(request.identity), kind, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
