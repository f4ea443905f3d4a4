import type { PeriodRange, QueryParameter } from '@atlas/domain';
import { Glyph } from './Glyph';
import {
  GRANULARITY_NAMES,
  GRANULARITY_UNITS,
  granularityOf,
  periodKeys,
  periodLabel,
  periodRangesOf,
  periodsOf,
  switchGranularity,
  withPeriod,
  type PeriodValue,
} from './periods';
import type { QueryBarEntry } from '../template';

interface PeriodWidgetProps {
  parameter: QueryParameter;
  entry: QueryBarEntry;
  value: unknown;
  /** SINGLE_PERIOD: one period (a DATE_RANGE value gets it as both start and end). */
  single: boolean;
  onChange(value: unknown): void;
}

const isPeriodValue = (value: unknown): value is PeriodValue =>
  !!value && typeof value === 'object' && typeof (value as { granularity?: unknown }).granularity === 'string';

/** One period of a range: a select of months or quarters, a bounded date input for days. */
function PeriodPicker({ range, period, label, onPick }: { range: PeriodRange; period: string; label: string; onPick(period: string): void }) {
  if (range.granularity === 'daily')
    return (
      <input
        type="date"
        className="qb-input qb-input--date"
        aria-label={label}
        min={range.start}
        max={range.end}
        value={period}
        onChange={(event) => {
          const day = event.target.value;
          if (day && day >= range.start && day <= range.end) onPick(day);
        }}
      />
    );
  const periods = periodsOf({ ...range, granularity: range.granularity });
  // A period outside the range (from a link) stays visible, so the select shows what the problem line names.
  const options = periods.includes(period) || !period ? periods : [period, ...periods];
  return (
    <select className="qb-input qb-input--select" aria-label={label} value={period} onChange={(event) => onPick(event.target.value)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {periodLabel(option)}
        </option>
      ))}
    </select>
  );
}

/** Monthly / Quarterly / Daily buttons, when the parameter offers more than one granularity. */
function GranularitySwitch({ name, ranges, current, onPick }: { name: string; ranges: PeriodRange[]; current: string; onPick(range: PeriodRange): void }) {
  if (ranges.length < 2) return null;
  return (
    <div className="segmented" role="group" aria-label={`${name} granularity`}>
      {ranges.map((range) => (
        <button
          key={range.granularity}
          type="button"
          className="segmented__option"
          aria-pressed={range.granularity === current}
          onClick={() => range.granularity !== current && onPick(range)}
        >
          {GRANULARITY_NAMES[range.granularity]}
        </button>
      ))}
    </div>
  );
}

/**
 * SINGLE_PERIOD and RANGE_PERIOD: a granularity switch and period pickers within the parameter's bounds. A DATE_RANGE
 * value shows start – end (or one period for SINGLE_PERIOD); a DATE_PERIOD_RANGE value "Focus … vs Benchmark …"; a
 * STRING value (a period written as text) one period.
 */
export function PeriodWidget({ parameter, entry, value, single, onChange }: PeriodWidgetProps) {
  const ranges = periodRangesOf(parameter);
  const name = parameter.name;

  if (parameter.type === 'STRING') {
    const period = typeof value === 'string' ? value : '';
    const range = ranges.find((candidate) => candidate.granularity === granularityOf(period)) ?? ranges[0];
    if (!range) return <span className="qb-note">No periods available</span>;
    return <PeriodPicker range={range} period={period} label={name} onPick={onChange} />;
  }

  const current = isPeriodValue(value) ? value : isPeriodValue(parameter.defaultValue) ? parameter.defaultValue : null;
  const range = ranges.find((candidate) => candidate.granularity === current?.granularity) ?? ranges[0];
  if (!current || !range) return <span className="qb-note">No periods available</span>;
  const keys = periodKeys(parameter);
  const pick = (key: string) => (period: string) => onChange(withPeriod(current, keys, key, period));
  const rolling = range.granularity === 'daily' && !!entry.rollingDays;

  let pickers;
  if (parameter.type === 'DATE_PERIOD_RANGE') {
    const unit = GRANULARITY_UNITS[range.granularity];
    const focusLabel = `${entry.labels?.focus ?? 'Focus'} ${unit}`;
    const benchmarkLabel = `${entry.labels?.benchmark ?? 'Benchmark'} ${unit}`;
    pickers = (
      <div className="qb-period__pair">
        <label className="qb-period__part">
          <span className="qb-period__caption">{focusLabel}</span>
          <PeriodPicker range={range} period={current.focus ?? ''} label={focusLabel} onPick={pick('focus')} />
        </label>
        <span className="qb-period__separator">{entry.separator ?? 'vs'}</span>
        <label className="qb-period__part">
          <span className="qb-period__caption">{benchmarkLabel}</span>
          <PeriodPicker range={range} period={current.benchmark ?? ''} label={benchmarkLabel} onPick={pick('benchmark')} />
        </label>
      </div>
    );
  } else if (single) {
    pickers = <PeriodPicker range={range} period={current.start ?? ''} label={name} onPick={(period) => onChange({ ...current, start: period, end: period })} />;
  } else {
    pickers = (
      <div className="qb-period__pair">
        <PeriodPicker range={range} period={current.start ?? ''} label={`${name} start`} onPick={pick('start')} />
        <span className="qb-period__dash" aria-hidden="true">
          –
        </span>
        <PeriodPicker range={range} period={current.end ?? ''} label={`${name} end`} onPick={pick('end')} />
      </div>
    );
  }

  return (
    <div className="qb-period">
      <GranularitySwitch name={name} ranges={ranges} current={range.granularity} onPick={(next) => onChange(switchGranularity(current, keys, next))} />
      {pickers}
      {rolling && (
        <span className="qb-note">
          <Glyph name="calendar" />
          {entry.rollingDays}-day rolling average
        </span>
      )}
    </div>
  );
}
