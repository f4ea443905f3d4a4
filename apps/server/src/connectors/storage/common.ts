// What both storage drivers share: the answers for a store's refusal and a missing object, the prefix rules, and the
// HTTP agents whose every socket dials an address network.ts allows.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError, invalidInput, notFound } from '../../http/errors.js';
import { driverError } from '../errors.js';
import { connectableAddress, unreachable } from '../network.js';
import type { ConnectionTarget } from '../types.js';

export const DELIMITER = '/';
export const CONNECT_TIMEOUT_MS = 10_000;

export const couldNotConnect = (details: string) => invalidInput('Could not connect to the storage', details);
export const objectNotFound = (bucket: string, key: string) => notFound('Object not found', `No object "${key}" in bucket "${bucket}"`);

/** The store's own refusal (its status, error name and message, never the secret) as a 422; no answer at all is unreachable(). */
export function storeError(error: unknown, target: ConnectionTarget, status: number | undefined, what: string): AppError {
  if (error instanceof AppError) return error;
  if (!status) return unreachable();
  return driverError(error, target, what);
}

/** Resolves each host a client dials through network.ts, so sockets go to checked addresses. */
function checkedLookup(allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    connectableAddress(hostname, allowedHosts).then(
      (address) => {
        const family = isIP(address);
        if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export function checkedAgents(allowedHosts: readonly string[]): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const lookup = checkedLookup(allowedHosts);
  return { httpAgent: new http.Agent({ lookup }), httpsAgent: new https.Agent({ lookup }) };
}
