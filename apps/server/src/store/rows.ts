/** Timestamps come back as Date from both drivers; the API speaks ISO strings. */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
