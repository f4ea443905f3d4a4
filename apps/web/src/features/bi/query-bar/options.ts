// The choices of a dropdown: labels, order, groups and search (bi-and-admin.md §3).
import { AGE_ORDER, INCOME_ORDER, type Labels, type QueryParameter } from '@atlas/domain';

export interface Option {
  value: string;
  label: string;
}

export interface OptionGroup {
  id: string;
  /** The group header; null for an ungrouped list. */
  name: string | null;
  options: Option[];
}

/** Lists with more choices than this get a search field. */
export const SEARCH_THRESHOLD = 8;

/** Value lists whose order is fixed by the spec (§3: ages and incomes). */
const FIXED_ORDERS: ReadonlyArray<readonly string[]> = [AGE_ORDER, INCOME_ORDER];

/** How a value reads: the parameter's labelValueMap, the label maps of its labelType, else the value with a capital letter. */
export function optionLabel(parameter: QueryParameter, labels: Labels, value: string): string {
  const mapped = parameter.labelValueMap?.[value] ?? (parameter.labelType ? labels[parameter.labelType][value] : undefined);
  return mapped ?? value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * The options in reading order: labelled ids (geographies, chains, categories) alphabetically by label; ages and
 * incomes in the spec's order; any other list as the parameter gives it.
 */
export function orderOptions(parameter: QueryParameter, options: Option[]): Option[] {
  if (parameter.labelType) return [...options].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  const fixed = FIXED_ORDERS.find((order) => options.every((option) => order.includes(option.value)));
  if (!fixed) return options;
  return [...options].sort((a, b) => fixed.indexOf(a.value) - fixed.indexOf(b.value));
}

/**
 * The choices of a parameter, grouped by its dropdownGroups when `grouped` (values of no group last, under "Other"), or
 * as one unnamed group.
 */
export function optionGroups(parameter: QueryParameter, labels: Labels, grouped: boolean): OptionGroup[] {
  const available = parameter.availableValues ?? [];
  const build = (values: string[]) =>
    orderOptions(
      parameter,
      values.map((value) => ({ value, label: optionLabel(parameter, labels, value) })),
    );
  if (!grouped || !parameter.dropdownGroups?.length) return [{ id: 'all', name: null, options: build(available) }];
  const offered = new Set(available);
  const groups = parameter.dropdownGroups.map((group) => ({
    id: group.id,
    name: group.name,
    options: build(group.values.filter((value) => offered.has(value))),
  }));
  const inGroups = new Set(parameter.dropdownGroups.flatMap((group) => group.values));
  const rest = available.filter((value) => !inGroups.has(value));
  if (rest.length) groups.push({ id: 'other', name: 'Other', options: build(rest) });
  return groups.filter((group) => group.options.length > 0);
}

/** The groups cut down to the options whose label or value contains the text (any case); empty groups dropped. */
export function searchOptions(groups: OptionGroup[], text: string): OptionGroup[] {
  const needle = text.trim().toLocaleLowerCase('en');
  if (!needle) return groups;
  return groups
    .map((group) => ({
      ...group,
      options: group.options.filter((option) => option.label.toLocaleLowerCase('en').includes(needle) || option.value.toLocaleLowerCase('en').includes(needle)),
    }))
    .filter((group) => group.options.length > 0);
}
