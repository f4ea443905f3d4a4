// Picking values of a list parameter within its maxValues (bi-and-admin.md §5, §9: at most 7; single selectors 1).

/** The picked values of a STRING or MULTI_STRING value, as a list. */
export function selectedValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/** An option that is not picked cannot be picked once the limit is reached. */
export function isOptionDisabled(selected: readonly string[], value: string, maxValues: number): boolean {
  return !selected.includes(value) && selected.length >= maxValues;
}

/** The list with the value removed when picked, else added at the end while under the limit (unchanged at the limit). */
export function toggleValue(selected: readonly string[], value: string, maxValues: number): string[] {
  if (selected.includes(value)) return selected.filter((item) => item !== value);
  return selected.length < maxValues ? [...selected, value] : [...selected];
}

/** The hint beside a list at its limit. */
export const limitHint = (maxValues: number) => `at most ${maxValues}`;
