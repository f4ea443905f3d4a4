// Sentry envelopes (https://develop.sentry.dev/sdk/foundations/transport/envelopes/): a header line of JSON, then
// items, each a header line of JSON with its `type` (and optionally the payload's `length` in bytes) and its payload.
// The tunnel checks the framing and reads the header; payloads travel on untouched, bytes as they came.
import { badRequest } from '../../http/errors.js';

export interface EnvelopeSummary {
  /** The header's dsn, as written: checked against the configured one before anything is forwarded. */
  dsn: string;
  eventId: string | null;
  itemTypes: string[];
}

const NEWLINE = 0x0a;
const invalid = (details: string) => badRequest('Invalid envelope', details);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON object on the line from `start` to the next newline (or the end), and where the next line starts. */
function readHeaderLine(body: Buffer, start: number, what: string): { header: Record<string, unknown>; next: number } {
  const end = body.indexOf(NEWLINE, start);
  const stop = end === -1 ? body.length : end;
  let header: unknown;
  try {
    header = JSON.parse(body.subarray(start, stop).toString('utf8'));
  } catch {
    header = undefined;
  }
  if (!isObject(header)) throw invalid(`${what} is not a JSON object on one line`);
  return { header, next: end === -1 ? body.length : end + 1 };
}

/** Where the item's payload ends and the next item starts. */
function skipPayload(body: Buffer, start: number, length: unknown, what: string): number {
  if (length === undefined) {
    const end = body.indexOf(NEWLINE, start);
    return end === -1 ? body.length : end + 1;
  }
  if (!Number.isSafeInteger(length) || (length as number) < 0) throw invalid(`${what}: its length is not a whole number of bytes`);
  const end = start + (length as number);
  if (end > body.length) throw invalid(`${what}: its length runs past the end of the envelope`);
  return body[end] === NEWLINE ? end + 1 : end;
}

/** Checks the envelope's framing and answers what its header says; 400 "Invalid envelope" for anything else. */
export function readEnvelope(body: Buffer): EnvelopeSummary {
  const { header, next } = readHeaderLine(body, 0, 'The envelope header');
  if (typeof header.dsn !== 'string' || header.dsn === '') throw invalid('The envelope header names no dsn');
  if (header.event_id !== undefined && typeof header.event_id !== 'string') throw invalid('The envelope header has an event_id that is not text');
  const itemTypes: string[] = [];
  for (let position = next; position < body.length; ) {
    const what = `Item ${itemTypes.length + 1}`;
    const item = readHeaderLine(body, position, `${what}'s header`);
    if (typeof item.header.type !== 'string' || item.header.type === '') throw invalid(`${what}'s header has no type`);
    itemTypes.push(item.header.type);
    position = skipPayload(body, item.next, item.header.length, what);
  }
  if (itemTypes.length === 0) throw invalid('The envelope has no item');
  return { dsn: header.dsn, eventId: (header.event_id as string | undefined) ?? null, itemTypes };
}

/** An envelope of JSON items (JSON.stringify writes no raw newline, so no item needs a length). */
export function writeEnvelope(header: Record<string, unknown>, items: ReadonlyArray<[Record<string, unknown>, unknown]>): string {
  return [header, ...items.flat()].map((part) => JSON.stringify(part)).join('\n') + '\n';
}
