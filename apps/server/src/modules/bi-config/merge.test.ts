import type { AnalyticSetDefinition } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { applyOverrides, overrideParameter, parameterProblems } from './merge.js';

// A small hand-written definition, so every expectation below is written out rather than computed.
const definition: AnalyticSetDefinition = {
  id: 'change-in-visits',
  title: 'Test set',
  description: 'For the merge rules',
  queryParameters: [
    {
      id: 'chains',
      type: 'MULTI_STRING',
      name: 'Chains',
      description: 'Chains',
      defaultValue: ['a', 'b'],
      availableValues: ['a', 'b', 'c', 'd'],
      required: true,
      maxValues: 3,
      dropdownGroups: [
        { id: 'g1', name: 'G1', values: ['a', 'b'] },
        { id: 'g2', name: 'G2', values: ['c', 'd'] },
      ],
      labelValueMap: { a: 'A', b: 'B', c: 'C', d: 'D' },
    },
    { id: 'geo', type: 'STRING', name: 'Geo', description: 'Geo', defaultValue: 'x', availableValues: ['x', 'y', 'z'], required: true, maxValues: 1 },
    { id: 'flag', type: 'BOOLEAN', name: 'Flag', description: 'Flag', defaultValue: false, required: false, maxValues: 1 },
  ],
  templateParameters: { canExport: false, columns: 1 },
  datasets: { production: ['visits'], staging: ['visits'] },
  template: { version: 'v1', config: { visState: {}, mapState: {}, mapStyle: {}, insightState: { views: [] } } },
};
const [chains, geo, flag] = [definition.queryParameters[0]!, definition.queryParameters[1]!, definition.queryParameters[2]!];
const none = { config: null, organizationValues: null, groupValues: null };
const config = (queryParameters: Record<string, object>, templateParameters: Record<string, unknown> = {}) => ({ templateParameters, queryParameters });

describe('parameterProblems', () => {
  it('checks one value by the set rules and names only that parameter', () => {
    expect(parameterProblems(definition, chains, ['a', 'c'])).toEqual([]);
    expect(parameterProblems(definition, chains, ['a', 'b', 'c', 'd'])).toEqual([{ parameterId: 'chains', message: 'Chains takes at most 3 values' }]);
    expect(parameterProblems(definition, chains, ['e'])).toEqual([{ parameterId: 'chains', message: 'Chains: unknown value "e"' }]);
    expect(parameterProblems(definition, chains, [])).toEqual([{ parameterId: 'chains', message: 'Chains is required' }]);
    expect(parameterProblems(definition, geo, 'y')).toEqual([]);
    expect(parameterProblems(definition, flag, 'yes')).toEqual([{ parameterId: 'flag', message: 'Flag must be true or false' }]);
  });
});

describe('overrideParameter', () => {
  it('narrows values in the set order, with labels and dropdown groups following, and lowers the maximum', () => {
    expect(overrideParameter(chains, { availableValues: ['d', 'a'], maxValues: 2, hidden: true })).toEqual({
      ...chains,
      availableValues: ['a', 'd'],
      labelValueMap: { a: 'A', d: 'D' },
      dropdownGroups: [
        { id: 'g1', name: 'G1', values: ['a'] },
        { id: 'g2', name: 'G2', values: ['d'] },
      ],
      maxValues: 2,
      hidden: true,
    });
  });

  it('drops dropdown groups left empty and leaves untouched what the override does not name', () => {
    const narrowed = overrideParameter(chains, { availableValues: ['c'] });
    expect(narrowed.dropdownGroups).toEqual([{ id: 'g2', name: 'G2', values: ['c'] }]);
    expect(narrowed.maxValues).toBe(3);
    expect(narrowed).not.toHaveProperty('hidden');
    expect(overrideParameter(chains, {})).toEqual(chains);
  });
});

describe('applyOverrides', () => {
  it('answers the definition itself when nothing is configured', () => {
    expect(applyOverrides(definition, none)).toEqual(definition);
  });

  it('merges template parameters over the definition', () => {
    expect(applyOverrides(definition, { ...none, config: config({}, { canExport: true }) }).templateParameters).toEqual({ canExport: true, columns: 1 });
  });

  it('takes the default from the organization values, then the config, then the group default, then the definition', () => {
    const withConfig = config({ geo: { defaultValue: 'y' } });
    const geoDefault = (overrides: Parameters<typeof applyOverrides>[1]) => applyOverrides(definition, overrides).queryParameters[1]!.defaultValue;
    expect(geoDefault({ config: withConfig, organizationValues: { geo: 'z' }, groupValues: { geo: 'x' } })).toBe('z');
    expect(geoDefault({ config: withConfig, organizationValues: {}, groupValues: { geo: 'z' } })).toBe('y');
    expect(geoDefault({ config: null, organizationValues: null, groupValues: { geo: 'z' } })).toBe('z');
    expect(geoDefault({ config: config({ geo: { hidden: true } }), organizationValues: { chains: ['c'] }, groupValues: null })).toBe('x');
  });

  it('skips defaults that the narrowed parameter no longer accepts', () => {
    const narrowed = config({ chains: { availableValues: ['b', 'c'], maxValues: 2, defaultValue: ['c'] } });
    // ['a'] is outside the narrowed list, ['b', 'c', 'd'] too long and unknown: the config's own default wins.
    const result = applyOverrides(definition, { config: narrowed, organizationValues: { chains: ['a'] }, groupValues: { chains: ['b', 'c', 'd'] } });
    expect(result.queryParameters[0]).toEqual({
      ...chains,
      availableValues: ['b', 'c'],
      labelValueMap: { b: 'B', c: 'C' },
      dropdownGroups: [
        { id: 'g1', name: 'G1', values: ['b'] },
        { id: 'g2', name: 'G2', values: ['c'] },
      ],
      maxValues: 2,
      defaultValue: ['c'],
    });
    // A valid group default is taken over the definition's when the organization's does not fit.
    const groupWins = applyOverrides(definition, { config: config({ chains: { availableValues: ['b', 'c'] } }), organizationValues: { chains: ['a'] }, groupValues: { chains: ['b'] } });
    expect(groupWins.queryParameters[0]!.defaultValue).toEqual(['b']);
    expect(groupWins.queryParameters.slice(1)).toEqual(definition.queryParameters.slice(1));
  });

  it('keeps an explicit null default of an optional parameter', () => {
    expect(applyOverrides(definition, { ...none, groupValues: { flag: null } }).queryParameters[2]!.defaultValue).toBeNull();
    expect(applyOverrides(definition, { ...none, groupValues: { geo: null } }).queryParameters[1]!.defaultValue).toBe('x');
  });
});
