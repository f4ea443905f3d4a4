// Trino's JSON values as connector values, and connector values as Trino literals for EXECUTE … USING (the only way
// its HTTP protocol binds parameters: the statement is prepared first, the values only ever fill its `?`).
import type { ColumnType } from '@atlas/pipeline';
import type { ConnectorColumn } from './types.js';

type Convert = (value: unknown) => unknown;

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);

/** The offset of a named time zone (Europe/Paris) at about that instant, in ms; null for an unknown zone. */
function zoneOffsetMs(zone: string, at: Date): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(name ?? '');
    if (!match) return null;
    return match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  } catch {
    return null;
  }
}

/** `2024-01-02 03:04:05.000` (UTC), or with a zone after it: `UTC`, `+01:00` or a name. */
function timestamp(text: string): Date | null {
  const [, local, zone] = /^(\S+ \S+)(?: (\S+))?$/.exec(text) ?? [];
  if (!local) return null;
  const iso = local.replace(' ', 'T');
  if (!zone || zone === 'UTC' || zone === 'Z') return validDate(new Date(`${iso}Z`));
  if (/^[+-]\d\d:\d\d$/.test(zone)) return validDate(new Date(`${iso}${zone}`));
  const asUtc = new Date(`${iso}Z`);
  const offset = zoneOffsetMs(zone, asUtc);
  return offset === null ? null : validDate(new Date(asUtc.getTime() - offset));
}

const asIs: Convert = (value) => value;
const asNumber: Convert = (value) => Number(value);
const asText: Convert = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
const KINDS: Record<string, [ColumnType, Convert]> = {
  boolean: ['boolean', asIs],
  tinyint: ['integer', asIs],
  smallint: ['integer', asIs],
  integer: ['integer', asIs],
  // 64-bit: bigint values (see arrow.ts); JSON already rounded those past 2^53.
  bigint: ['integer', (value) => BigInt(value as number)],
  real: ['number', asNumber],
  double: ['number', asNumber],
  decimal: ['number', asNumber],
  varchar: ['string', asIs],
  char: ['string', asIs],
  date: ['date', (value) => validDate(new Date(`${String(value)}T00:00:00Z`))],
  timestamp: ['timestamp', (value) => timestamp(String(value))],
};

/** A column of Trino's type name (`decimal(10,2)`, `timestamp(3) with time zone`, `array(integer)`). */
export function trinoColumn(name: string, dbType: string): { column: ConnectorColumn; convert: Convert } {
  const base = /^[a-z ]+?(?=\(|$| with)/.exec(dbType)?.[0] ?? dbType;
  const [type, convert] = KINDS[base] ?? ['unknown', asText];
  return { column: { name, type, dbType }, convert };
}

const stringLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A value as a Trino literal: numbers, strings (quotes doubled), booleans, NULL, timestamps in UTC, arrays; objects as JSON text. */
export function trinoLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isSafeInteger(value) ? String(value) : `DOUBLE ${stringLiteral(String(value))}`;
    case 'string':
      return stringLiteral(value);
    default:
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'NULL' : `TIMESTAMP '${value.toISOString().replace('T', ' ').replace('Z', '')} UTC'`;
      if (Array.isArray(value)) return `ARRAY[${value.map(trinoLiteral).join(', ')}]`;
      return stringLiteral(JSON.stringify(value) ?? String(value));
  }
}
