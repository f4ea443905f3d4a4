// The data proxy (workspace-and-catalogue.md §7, §9): a request to a Kinetica connection's own REST API, sent with the
// connection's credentials to the connection's URL only. Six endpoints pass; reading ones need read on the connection,
// ones that change the warehouse need write (the same as writing a table from the workbench).
import { AppStatusCode, DATA_PROXY_TARGETS, type DataProxyAnswer, type DataProxyQuery, type DataProxyTarget } from '@atlas/domain';
import { assertOneQuery, kineticaCall, KineticaRefusal, type KineticaEndpoint } from '../../connectors/kinetica.js';
import { driverError, queryTimedOut } from '../../connectors/errors.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { openConnection } from '../data-connections/service.js';

/** Kinetica's defaults for /show/table as the catalogue wants them, unless the request sets them. */
const SHOW_TABLE_DEFAULTS = { get_sizes: 'true', get_column_info: 'true', show_children: 'false' };
const PROXY_TIMEOUT_MS = 60_000;

const isTarget = (target: string): target is DataProxyTarget => Object.hasOwn(DATA_PROXY_TARGETS, target);

/** The body as forwarded: /show/table's defaults merged into its options; /execute/sql only with one query. */
function forwardedBody(target: DataProxyTarget, body: Record<string, unknown>): Record<string, unknown> {
  if (target === '/show/table') {
    const options = (body.options ?? {}) as Record<string, unknown>;
    return { table_name: '', ...body, options: { ...SHOW_TABLE_DEFAULTS, ...options } };
  }
  if (target === '/execute/sql') assertOneQuery(String(body.statement ?? ''));
  return body;
}

export async function forward(
  db: Queryable,
  identity: Identity,
  query: DataProxyQuery,
  body: Record<string, unknown>,
  allowedHosts: readonly string[],
  endpointFor?: KineticaEndpoint,
): Promise<DataProxyAnswer> {
  if (query.type !== 'kinetica') throw badRequest('Only kinetica is a proxy connection', `type: ${query.type}`);
  if (!isTarget(query.target)) throw badRequest('Unknown proxy target', `target: one of ${Object.keys(DATA_PROXY_TARGETS).join(', ')}`);
  const { connector, target } = await openConnection(db, identity, query.connectionId, allowedHosts, DATA_PROXY_TARGETS[query.target]);
  if (connector.type !== 'kinetica') throw badRequest('Only kinetica is a proxy connection', `The connection is of type ${connector.type}`);
  const forwarded = forwardedBody(query.target, body);
  const signal = AbortSignal.timeout(PROXY_TIMEOUT_MS);
  try {
    return { status: 'OK', data: await kineticaCall(target, query.target, forwarded, signal, endpointFor) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof KineticaRefusal) {
      // Kinetica's own message is the answer's message (secret hidden).
      const refusal = driverError(error, target, 'Kinetica refused the request');
      throw new AppError(422, refusal.details, AppStatusCode.InvalidInput, refusal.details);
    }
    if (signal.aborted) throw queryTimedOut(PROXY_TIMEOUT_MS);
    throw driverError(new Error('The Kinetica server did not answer'), target, 'Could not connect to the database');
  }
}
