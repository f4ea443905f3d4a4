import { describe, expect, it } from 'vitest';
import type { Labels, QueryParameter } from '@atlas/domain';
import { optionGroups, optionLabel, orderOptions, searchOptions } from './options';

const labels: Labels = {
  GEOGRAPHY: { US: 'United States', '501': 'New York', '803': 'Los Angeles', '602': 'Chicago' },
  PLACE_TAXONOMY: { 'coffee-shops': 'Coffee Shops', 'drift-and-bean': 'Drift and Bean', 'marigold-roasters': 'Marigold Roasters' },
};

const parameter = (fields: Partial<QueryParameter>): QueryParameter => ({
  id: 'p',
  type: 'MULTI_STRING',
  name: 'P',
  description: '',
  defaultValue: [],
  required: false,
  maxValues: 7,
  ...fields,
});

const geography = parameter({
  id: 'geographies',
  availableValues: ['US', '501', '803', '602'],
  labelType: 'GEOGRAPHY',
  dropdownGroups: [
    { id: 'country', name: 'Country', values: ['US'] },
    { id: 'dma', name: 'DMA', values: ['501', '803', '602'] },
  ],
});

describe('option labels', () => {
  it('takes labelValueMap first, then the label maps of the labelType, then the value with a capital', () => {
    expect(optionLabel(geography, labels, '803')).toBe('Los Angeles');
    expect(optionLabel({ ...geography, labelValueMap: { '803': 'LA (DMA 803)' } }, labels, '803')).toBe('LA (DMA 803)');
    expect(optionLabel(geography, labels, '999')).toBe('999');
    expect(optionLabel(parameter({ availableValues: ['chain', 'category'] }), labels, 'category')).toBe('Category');
  });
});

describe('option order', () => {
  it('keeps ages in the spec order whatever order they come in', () => {
    const shuffled = ['Over 65', '25-34', '18-24', '55-64', '45-54', '35-44'];
    const age = parameter({ availableValues: shuffled });
    expect(optionGroups(age, labels, false)[0]!.options.map((option) => option.value)).toEqual(['18-24', '25-34', '35-44', '45-54', '55-64', 'Over 65']);
  });

  it('keeps incomes in the spec order, not alphabetical', () => {
    const income = parameter({ availableValues: ['Over 100k', '25k-50k', 'Under 25k', '50k-100k'] });
    expect(optionGroups(income, labels, false)[0]!.options.map((option) => option.label)).toEqual(['Under 25k', '25k-50k', '50k-100k', 'Over 100k']);
  });

  it('sorts labelled ids by label and leaves other lists as given', () => {
    const sorted = orderOptions(geography, [
      { value: '501', label: 'New York' },
      { value: '602', label: 'Chicago' },
    ]);
    expect(sorted.map((option) => option.value)).toEqual(['602', '501']);
    const plain = [
      { value: 'chain', label: 'Chain' },
      { value: 'category', label: 'Category' },
    ];
    expect(orderOptions(parameter({}), plain)).toBe(plain);
  });
});

describe('option groups', () => {
  it('groups by dropdownGroups with their headers, in group order', () => {
    const groups = optionGroups(geography, labels, true);
    expect(groups.map((group) => group.name)).toEqual(['Country', 'DMA']);
    expect(groups[0]!.options).toEqual([{ value: 'US', label: 'United States' }]);
    expect(groups[1]!.options.map((option) => option.label)).toEqual(['Chicago', 'Los Angeles', 'New York']);
  });

  it('gives one unnamed group when not grouped, with every value once', () => {
    const groups = optionGroups(geography, labels, false);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.name).toBeNull();
    expect(groups[0]!.options.map((option) => option.value).sort()).toEqual(['501', '602', '803', 'US']);
  });

  it('puts offered values of no group under "Other" and drops values that are not offered', () => {
    const partial = { ...geography, availableValues: ['US', '501', '999'], dropdownGroups: [{ id: 'dma', name: 'DMA', values: ['501', '803'] }] };
    const groups = optionGroups(partial, labels, true);
    expect(groups.map((group) => [group.name, group.options.map((option) => option.value)])).toEqual([
      ['DMA', ['501']],
      ['Other', ['999', 'US']],
    ]);
  });
});

describe('search', () => {
  it('matches labels and values in any case and drops empty groups', () => {
    const groups = optionGroups(geography, labels, true);
    expect(searchOptions(groups, '  los ').map((group) => [group.name, group.options.map((option) => option.value)])).toEqual([['DMA', ['803']]]);
    expect(searchOptions(groups, '60').flatMap((group) => group.options.map((option) => option.value))).toEqual(['602']);
    expect(searchOptions(groups, 'united').map((group) => group.name)).toEqual(['Country']);
    expect(searchOptions(groups, '')).toBe(groups);
    expect(searchOptions(groups, 'zzz')).toEqual([]);
  });
});
