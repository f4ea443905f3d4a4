// The life of a query execution: queued → running → success | failure | cancelled, with the result cache in front.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DEFAULT_CACHE_MAX_AGE_SECONDS, type CacheMode, type ParameterValues, type QueryExecution } from '@atlas/domain';
import { MAX_CACHE_ENTRY_BYTES, resultCacheKey } from '../../cache/index.js';
import { checkExecutionAccess } from '../../http/access.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { getFeatureFlags } from '../organizations/repo.js';
import { ArrowRowCounter, tapArrow } from './arrow-tap.js';
import { interruptQuery, type QueryContext } from './context.js';
import * as repo from './executions-repo.js';

export interface ExecutionSpec {
  kind: QueryExecution['kind'];
  /** Hash of what runs (pipeline hash, or of the expanded template); with the data versions it keys the cache. */
  queryHash: string;
  datasetVersions: Record<string, string>;
  queryTemplateId?: string | null;
  queryTemplateVersion?: number | null;
  datasetId?: string | null;
  recordId?: string | null;
  parameters?: ParameterValues | null;
  cacheMode: CacheMode;
  maxAgeSeconds?: number;
}

export interface ExecutionStart {
  execution: QueryExecution;
  /** The Arrow IPC stream; ends only after the execution row is final. */
  stream: Readable;
  cache: 'hit' | 'miss' | 'bypass';
  /** When the result stops being valid (now for no-cache). */
  expiresAt: Date;
}

/** Runs the query: an Arrow stream, or a thrown AppError (408 timeout, 409 cancelled, 422 failed). */
export type QueryRunner = (options: { signal: AbortSignal; timeoutMs: number }) => Promise<Readable>;

/** The cache mode asked for, else studio-cloud-cache when the organization has query-cache-enabled. */
export async function resolveCacheMode(context: QueryContext, identity: Identity, requested: CacheMode | undefined): Promise<CacheMode> {
  if (requested) return requested;
  const flags = await getFeatureFlags(context.db, identity.organizationId);
  return flags['query-cache-enabled'] ? 'studio-cloud-cache' : 'no-cache';
}

const errorText = (error: unknown) =>
  error instanceof AppError ? (error.details ? `${error.message}: ${error.details}` : error.message) : error instanceof Error ? error.message : String(error);

/** Cached Arrow bytes: how many rows they hold. */
function countRows(bytes: Buffer): number {
  const counter = new ArrowRowCounter();
  counter.push(bytes);
  return counter.rows;
}

/**
 * Creates the execution row and runs the query (or serves it from the cache). Failures before the first bytes are
 * thrown after the row records them; the returned stream ends once the row says success.
 */
/** The queued execution row of a run. */
function executionRow(id: string, identity: Identity, spec: Omit<ExecutionSpec, 'cacheMode' | 'maxAgeSeconds'>, cacheMode: ExecutionSpec['cacheMode'], cacheKey: string | null) {
  return {
    id,
    organizationId: identity.organizationId,
    ownerId: identity.userId,
    kind: spec.kind,
    queryTemplateId: spec.queryTemplateId ?? null,
    queryTemplateVersion: spec.queryTemplateVersion ?? null,
    datasetId: spec.datasetId ?? null,
    recordId: spec.recordId ?? null,
    parameters: spec.parameters ?? null,
    pipelineHash: spec.queryHash,
    datasetVersions: spec.datasetVersions,
    cacheMode,
    cacheKey,
  };
}

export async function startExecution(context: QueryContext, identity: Identity, spec: ExecutionSpec, run: QueryRunner): Promise<ExecutionStart> {
  const { db, cache } = context;
  const useCache = spec.cacheMode === 'studio-cloud-cache';
  const maxAgeSeconds = spec.maxAgeSeconds ?? DEFAULT_CACHE_MAX_AGE_SECONDS;
  const cacheKey = useCache ? resultCacheKey(spec.queryHash, spec.datasetVersions) : null;
  const id = randomUUID();
  let execution = await repo.insertExecution(db, executionRow(id, identity, spec, spec.cacheMode, cacheKey));

  if (cacheKey) {
    const hit = await cache.get(cacheKey);
    if (hit) {
      const done = await repo.finishExecution(db, id, { status: 'success', rowCount: countRows(hit.bytes), cacheHit: true, cacheExpiresAt: hit.expiresAt });
      if (!done) throw cancelledMeanwhile(id);
      return { execution: done, stream: Readable.from([hit.bytes]), cache: 'hit', expiresAt: hit.expiresAt };
    }
  }

  const controller = new AbortController();
  context.running.set(id, controller);
  const release = () => context.running.delete(id);
  const fail = async (error: unknown) => {
    release();
    const cancelled = error instanceof AppError && error.statusCode === 409;
    await repo.finishExecution(db, id, { status: cancelled ? 'cancelled' : 'failure', error: errorText(error) }).catch(() => null);
  };

  if (!(await repo.markRunning(db, id))) {
    release();
    throw cancelledMeanwhile(id);
  }
  execution = { ...execution, status: 'running' };
  let source: Readable;
  try {
    source = await run({ signal: controller.signal, timeoutMs: context.timeoutMs });
  } catch (error) {
    await fail(error);
    throw withExecutionId(error, id);
  }

  const expiresAt = new Date(Date.now() + (useCache ? maxAgeSeconds * 1000 : 0));
  const stream = tapArrow(source, {
    captureLimit: useCache ? MAX_CACHE_ENTRY_BYTES : 0,
    async onEnd({ rows, bytes }) {
      release();
      let cached = false;
      if (cacheKey && bytes) cached = await cache.set(cacheKey, bytes, { expiresAt, tags: Object.keys(spec.datasetVersions) });
      await repo.finishExecution(db, id, { status: 'success', rowCount: rows, cacheExpiresAt: cached ? expiresAt : null });
    },
    onError: (error) => fail(error),
  });
  return { execution, stream, cache: useCache ? 'miss' : 'bypass', expiresAt };
}

const cancelledMeanwhile = (id: string) => conflict('Query was cancelled', `Query execution ${id} was cancelled before it ran`);

/** Keeps the execution id on errors so the reply can still name it. */
function withExecutionId(error: unknown, id: string): unknown {
  if (error instanceof AppError) (error as AppError & { executionId?: string }).executionId = id;
  return error;
}

export const executionIdOf = (error: unknown): string | undefined => (error as { executionId?: string } | null)?.executionId;

/**
 * Cancels a queued or running execution: marks it cancelled (so its end is never recorded as success, even when its
 * process died) and interrupts it in whichever process runs it.
 */
export async function cancelExecution(context: QueryContext, identity: Identity, id: string): Promise<QueryExecution> {
  // Only its runner cancels it.
  await checkExecutionAccess(context.db, identity, id);
  const execution = (await repo.findExecution(context.db, id))!;
  if (execution.status !== 'queued' && execution.status !== 'running') {
    throw conflict('Query execution has already finished', `Query execution ${id} is ${execution.status}`);
  }
  const finished = await repo.finishExecution(context.db, id, { status: 'cancelled', error: 'Cancelled by the user' });
  await interruptQuery(context, id);
  if (finished) return finished;
  // It finished between the read and the update.
  return (await repo.findExecution(context.db, id))!;
}

export const executionNotFound = (id: string) => notFound('Query execution not found', `No query execution with id ${id}`);

/**
 * Runs a query whose result is not a cached Arrow stream (JSON pages): the same states, cancel and timeout, no cache.
 * Failures are recorded, then thrown with the execution id.
 */
export async function runTracked<T>(
  context: QueryContext,
  identity: Identity,
  spec: Omit<ExecutionSpec, 'cacheMode' | 'maxAgeSeconds'>,
  run: (options: { signal: AbortSignal; timeoutMs: number }) => Promise<T>,
  rowsOf: (result: T) => number,
): Promise<{ execution: QueryExecution; result: T }> {
  const { db } = context;
  const id = randomUUID();
  await repo.insertExecution(db, executionRow(id, identity, spec, 'no-cache', null));
  const controller = new AbortController();
  context.running.set(id, controller);
  try {
    if (!(await repo.markRunning(db, id))) throw cancelledMeanwhile(id);
    const result = await run({ signal: controller.signal, timeoutMs: context.timeoutMs });
    const execution = await repo.finishExecution(db, id, { status: 'success', rowCount: rowsOf(result) });
    if (!execution) throw cancelledMeanwhile(id);
    return { execution, result };
  } catch (error) {
    const cancelled = error instanceof AppError && error.statusCode === 409;
    await repo.finishExecution(db, id, { status: cancelled ? 'cancelled' : 'failure', error: errorText(error) }).catch(() => null);
    throw withExecutionId(error, id);
  } finally {
    context.running.delete(id);
  }
}
