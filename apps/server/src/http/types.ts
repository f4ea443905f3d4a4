import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { ErrorBody } from '@atlas/domain';
import type { Config } from '../config.js';
import type { BlobStore } from '../blobs/types.js';
import type { ResultCache } from '../cache/types.js';
import type { Engine } from '../engine/types.js';
import type { Db } from '../store/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route schema not used yet (they compile on first use); answers how many there are. */
    compileAllSchemas(): number;
  }
}

/** The Fastify instance every module registers on: request and reply types follow the TypeBox schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** What modules receive from buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  blobs: BlobStore;
  /** The embedded analytics engine (DuckDB) holding dataset data. */
  engine: Engine;
  cache: ResultCache;
}

/** Error answers every route documents in OpenAPI. */
export const errorResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
