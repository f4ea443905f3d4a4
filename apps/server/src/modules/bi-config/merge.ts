// Pure rules of the BI configuration: checking one value against one parameter, narrowing a parameter by an
// organization's override, and the effective definition an organization sees.
import { validateQueryValues, type QueryValueProblem } from '@atlas/domain';
import type { AnalyticSetDefinition, QueryParameter, QueryParameterOverride } from '@atlas/domain';

/** The problems of one value for one parameter, by the set's rules (validateQueryValues on that parameter alone). */
export function parameterProblems(definition: AnalyticSetDefinition, parameter: QueryParameter, value: unknown): QueryValueProblem[] {
  return validateQueryValues({ ...definition, queryParameters: [parameter] }, { [parameter.id]: value });
}

/** The parameter as an override shapes it: fewer values (labels and dropdown groups follow), a lower maximum, hidden. */
export function overrideParameter(parameter: QueryParameter, override: QueryParameterOverride): QueryParameter {
  const result: QueryParameter = { ...parameter };
  if (override.maxValues !== undefined) result.maxValues = override.maxValues;
  if (override.hidden !== undefined) result.hidden = override.hidden;
  if (override.availableValues && parameter.availableValues) {
    const kept = new Set(override.availableValues);
    // The set's order is kept, whatever order the override lists them in.
    result.availableValues = parameter.availableValues.filter((value) => kept.has(value));
    if (parameter.labelValueMap) result.labelValueMap = Object.fromEntries(Object.entries(parameter.labelValueMap).filter(([value]) => kept.has(value)));
    if (parameter.dropdownGroups)
      result.dropdownGroups = parameter.dropdownGroups
        .map((group) => ({ ...group, values: group.values.filter((value) => kept.has(value)) }))
        .filter((group) => group.values.length > 0);
  }
  return result;
}

export interface Overrides {
  /** The organization's analytic-set config, if any. */
  config: { templateParameters: Record<string, unknown>; queryParameters: Record<string, QueryParameterOverride> } | null;
  /** The organization's query-param config values, if any. */
  organizationValues: Record<string, unknown> | null;
  /** The group default query-param values, if any. */
  groupValues: Record<string, unknown> | null;
}

/**
 * The definition one organization sees. Parameters are narrowed by the config; each default is the first of
 * (organization query-param value, config defaultValue, group default value, definition default) that passes the
 * narrowed parameter's rules, so a default stored before a later narrowing never leaks out. templateParameters merge
 * over the definition's.
 */
export function applyOverrides(definition: AnalyticSetDefinition, { config, organizationValues, groupValues }: Overrides): AnalyticSetDefinition {
  const queryParameters = definition.queryParameters.map((parameter) => {
    const override = config?.queryParameters[parameter.id];
    const narrowed = override ? overrideParameter(parameter, override) : parameter;
    const candidates = [organizationValues?.[parameter.id], override?.defaultValue, groupValues?.[parameter.id]];
    const chosen = candidates.find((value) => value !== undefined && parameterProblems(definition, narrowed, value).length === 0);
    return chosen === undefined ? narrowed : { ...narrowed, defaultValue: chosen };
  });
  return { ...definition, templateParameters: { ...definition.templateParameters, ...config?.templateParameters }, queryParameters };
}
