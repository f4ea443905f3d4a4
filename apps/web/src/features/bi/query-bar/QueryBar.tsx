import type { AnalyticSetDefinition, Labels, QueryValueProblem } from '@atlas/domain';
import type { InsightState } from '../template';
import { DropdownWidget } from './DropdownWidget';
import { Field } from './Field';
import { Glyph } from './Glyph';
import { fieldGroups, groupTitle } from './groups';
import { PeriodWidget } from './PeriodWidget';
import { PivotWidget } from './PivotWidget';
import { StickerWidget } from './StickerWidget';
import { TextWidget } from './TextWidget';
import { applyEntryValue, visibleItems, type QueryBarItem } from './values';
import './query-bar.css';

export interface QueryBarProps {
  definition: AnalyticSetDefinition;
  insightState: InsightState;
  labels: Labels;
  values: Record<string, unknown>;
  /** The complete new values (with the parameters an entry keeps in step). */
  onChange(next: Record<string, unknown>): void;
  /** From validateQueryValues: shown at the widget of each parameter, and counted in a summary line. */
  problems: QueryValueProblem[];
}

function Widget({ item, labels, value, onChange }: { item: QueryBarItem; labels: Labels; value: unknown; onChange(value: unknown): void }) {
  const { entry, parameter } = item;
  switch (entry.widget) {
    case 'TEXT':
      return <TextWidget parameter={parameter} value={value} onChange={onChange} />;
    case 'DROPDOWN':
    case 'DROPDOWN_GROUP':
      return <DropdownWidget parameter={parameter} labels={labels} value={value} grouped={entry.widget === 'DROPDOWN_GROUP'} onChange={onChange} />;
    case 'STICKER_SELECTOR':
      return <StickerWidget parameter={parameter} labels={labels} value={value} onChange={onChange} />;
    case 'SINGLE_PERIOD':
    case 'RANGE_PERIOD':
      return <PeriodWidget parameter={parameter} entry={entry} value={value} single={entry.widget === 'SINGLE_PERIOD'} onChange={onChange} />;
    case 'PIVOT_TABLE':
      return <PivotWidget parameter={parameter} labels={labels} value={value} onChange={onChange} />;
  }
}

/**
 * The filters of an analytic set: one widget per visible query-bar entry, in order. Each root carries
 * data-parameter="<id>" and the parameter's name as its label; problems show under their widget, and a summary line
 * says how many filters need attention (with the messages of parameters that have no widget).
 */
export function QueryBar({ definition, insightState, labels, values, onChange, problems }: QueryBarProps) {
  const items = visibleItems(definition, insightState);
  const shown = new Set(items.map((item) => item.parameter.id));
  const messagesOf = (id: string) => [...new Set(problems.filter((problem) => problem.parameterId === id).map((problem) => problem.message))];
  const unplaced = [...new Set(problems.filter((problem) => !shown.has(problem.parameterId)).map((problem) => problem.message))];
  const failing = new Set(problems.map((problem) => problem.parameterId)).size;
  const groups = fieldGroups(items, insightState);
  const field = (item: QueryBarItem) => (
    <Field key={item.parameter.id} parameter={item.parameter} problems={messagesOf(item.parameter.id)} wide={item.entry.widget === 'PIVOT_TABLE'}>
      <Widget item={item} labels={labels} value={values[item.parameter.id]} onChange={(value) => onChange(applyEntryValue(values, item.entry, value))} />
    </Field>
  );

  return (
    <section className="query-bar card" aria-label="Filters">
      {groups.length === 1 ? (
        <div className="query-bar__fields">{groups[0]!.items.map(field)}</div>
      ) : (
        <div className="query-bar__groups">
          {groups.map((group) => (
            <div key={group.charts.map((chart) => chart.id).join(' ') || 'all'} className="query-bar__group" data-group-charts={group.charts.map((chart) => chart.id).join(' ')} role="group" aria-label={`Filters of ${groupTitle(group)}`}>
              <p className="query-bar__group-title">
                For <strong>{groupTitle(group)}</strong>
              </p>
              <div className="query-bar__fields">{group.items.map(field)}</div>
            </div>
          ))}
        </div>
      )}
      {failing > 0 && (
        <div className="query-bar__summary" role="alert">
          <Glyph name="alert" />
          <span>
            <strong>{failing === 1 ? '1 filter needs attention' : `${failing} filters need attention`}</strong> — the views update once the filters are valid.
            {unplaced.length > 0 && <> {unplaced.join('; ')}.</>}
          </span>
        </div>
      )}
    </section>
  );
}
