// What a bulk tagging call did, record by record: the records it changed and, by name, those it refused and why.
import type { BulkTagResult } from '@atlas/domain';

export interface BulkFailure {
  id: string;
  name: string;
  /** The server's "message (details)". */
  text: string;
  /** The server's appStatusCode (NOT_FOUND: the record is gone, or hidden from the user). */
  code: string | null;
}

export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

/** The server's refusal as a person reads it: "message (details)", or the message alone. */
export function resultText(error: NonNullable<BulkTagResult['error']>): string {
  return error.details ? `${error.message} (${error.details})` : error.message;
}

/** Splits the results into changed ids and named failures; a record the answer lacks counts as failed. */
export function bulkOutcome(requested: ReadonlyArray<{ id: string; name: string }>, results: readonly BulkTagResult[]): BulkOutcome {
  const byId = new Map(results.map((result) => [result.resourceId, result]));
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const { id, name } of requested) {
    const result = byId.get(id);
    if (result?.ok) outcome.succeeded.push(id);
    else outcome.failed.push({ id, name, text: result?.error ? resultText(result.error) : 'The server did not answer for this record', code: result?.error?.appStatusCode ?? null });
  }
  return outcome;
}

/** "Tagged 2 of 3 records.", "Removed the tags from 1 record." */
export function outcomeSummary(mode: 'add' | 'remove', outcome: BulkOutcome): string {
  const total = outcome.succeeded.length + outcome.failed.length;
  const records = (count: number) => `${count} record${count === 1 ? '' : 's'}`;
  const done = outcome.succeeded.length;
  if (mode === 'add') return done === total ? `Tagged ${records(total)}.` : `Tagged ${done} of ${records(total)}.`;
  return done === total ? `Removed the tags from ${records(total)}.` : `Removed the tags from ${done} of ${records(total)}.`;
}
