import { convertPeriod, granularityOf, type AnalyticRow, type AnalyticSetId, type CustomerJourneyRow, type Labels, type PeriodGranularity } from '@atlas/domain';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { referencedId, type ChartDefinition, type ChartKind } from '../template';
import { confidenceOf, confidenceSummary, visibleRows, type Confidence } from './confidence';
import { journeyFigures, journeyOf, journeySubtitle } from './customer-journey';
import { EChart, type EChartHandle } from './EChart';
import { downloadCsv, download, mayExportData, rowsCsv } from './export';
import { Figures } from './Figures';
import { JourneyTable } from './JourneyTable';
import { Legend } from './Legend';
import { layoutOf, pivotCsv, pivotFigures, pivotOf } from './movement-pivot';
import { PivotTable } from './PivotTable';
import { PivotGate } from './PivotGate';
import { ScrollBox } from './ScrollBox';
import { rendererOf } from './renderers';
import { rowsOf, type DrawnRow } from './rows';
import type { ChartClick, Figure, Limited, OptionBuilder, Values } from './types';
import './charts.css';

export interface ChartViewProps {
  setId: AnalyticSetId;
  chart: ChartDefinition;
  /** The rows of the chart's query, as the server answered them (the view's row schema of @atlas/domain). */
  rows: readonly AnalyticRow[];
  /** The query-bar values the rows were answered for. */
  values: Record<string, unknown>;
  labels: Labels;
  templateParameters: Record<string, unknown>;
  /** A heatmap column was selected (chart.onColumnSelect): the column's id. */
  onSelectColumn?(value: string): void;
  /** The chart changes some query values itself (chart.periodGranularity): the parameters and their new values. */
  onSetValues?(patch: Record<string, unknown>): void;
  /** Height of the drawing in pixels. */
  height?: number;
}

const DEFAULT_HEIGHT = 320;

/** Draws one chart from its rows: an ECharts chart, the Customer Journey table or the Movement Pivot table. */
export function ChartView(props: ChartViewProps) {
  const renderer = rendererOf(props.setId, props.chart.id);
  switch (renderer.type) {
    case 'echarts':
      return <EChartsChart {...props} build={renderer.build} />;
    case 'journey':
      return <JourneyChart {...props} build={renderer.build} />;
    case 'pivot':
      return <PivotGate><PivotChart {...props} /></PivotGate>;
  }
}

/** The set's low-confidence rules, and the rows as the chart draws them (thin figures left out when it hides them). */
function useConfidence(rows: readonly AnalyticRow[], templateParameters: Record<string, unknown>): { confidence: Confidence; drawn: DrawnRow[]; summary?: string } {
  const key = JSON.stringify(templateParameters);
  const confidence = useMemo(() => confidenceOf(templateParameters), [key]);
  return useMemo(() => ({ confidence, drawn: visibleRows(rows, confidence), summary: confidenceSummary(rows, confidence) }), [rows, confidence]);
}

/** Two notes under a chart's title, one after the other. */
const notes = (...texts: Array<string | undefined>) => texts.filter(Boolean).join(' ') || undefined;

/**
 * The values, stable while their content is: callers may build a new object on every render, and a new option would
 * redraw (and re-animate) the chart.
 */
function useStableValues(values: Values): Values {
  const key = JSON.stringify(values);
  // The key stands for the values: the first object with this content is kept.
  return useMemo(() => values, [key]);
}

function Frame(props: {
  chart: ChartDefinition;
  setId: AnalyticSetId;
  subtitle?: string;
  limited?: Limited;
  notice?: string;
  tools?: ReactNode;
  figures: readonly Figure[];
  display?: ChartKind;
  children: ReactNode;
}) {
  const { chart, setId, subtitle, limited, notice, tools, figures, display, children } = props;
  return (
    <div className="chart-view" data-chart={chart.id} data-set={setId} data-display={display ?? chart.kind}>
      {(subtitle || limited || tools) && (
        <div className="chart-view__meta">
          <div className="chart-view__notes">
            {subtitle && <p className="chart-view__subtitle">{subtitle}</p>}
            {limited && (
              <p className="chart-view__limited" data-limited={`${limited.shown}/${limited.total}`}>
                Showing {limited.shown} of {limited.total} {limited.noun}
              </p>
            )}
          </div>
          {tools && <div className="chart-view__tools">{tools}</div>}
        </div>
      )}
      {notice && (
        <p className="chart-view__notice" role="note" data-notice="">
          {notice}
        </p>
      )}
      {children}
      <Figures figures={figures} />
    </div>
  );
}

/**
 * The downloads of a chart: its drawing as PNG (ECharts charts) and its data as CSV when the set's export rule allows
 * it (mayExportData). Files are named after the set and the chart.
 */
function Downloads({ setId, chart, png, csv }: { setId: AnalyticSetId; chart: ChartDefinition; png?: () => string | undefined; csv?: () => string }) {
  const name = `${setId}-${chart.id}`;
  return (
    <>
      {png && (
        <button
          type="button"
          className="button button--ghost chart-view__export"
          data-export="png"
          title={`Download ${chart.title} as an image`}
          onClick={() => {
            const url = png();
            if (url) download(`${name}.png`, url);
          }}
        >
          <DownloadIcon />
          PNG
        </button>
      )}
      {csv && (
        <button type="button" className="button button--ghost chart-view__export" data-export="csv" title={`Download the data of ${chart.title}`} onClick={() => downloadCsv(`${name}.csv`, csv())}>
          <DownloadIcon />
          Export CSV
        </button>
      )}
    </>
  );
}

function DownloadIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

const GRANULARITY_LABELS: Record<PeriodGranularity, string> = { daily: 'Daily (7-day rolling)', monthly: 'Monthly', quarterly: 'Quarterly' };

/**
 * The granularities a chart offers for its range (chart.periodGranularity): choosing one rewrites both ends of the
 * range in it, the start as its first finer period and the end as its last (2025-12 → 2025-12-31).
 */
function GranularitySwitch({ chart, values, onSetValues }: { chart: ChartDefinition; values: Values; onSetValues(patch: Record<string, unknown>): void }) {
  const offered = chart.periodGranularity!;
  const start = referencedId(offered.start);
  const end = referencedId(offered.end);
  const startValue = typeof values[start] === 'string' ? (values[start] as string) : '';
  const endValue = typeof values[end] === 'string' ? (values[end] as string) : '';
  const current = granularityOf(startValue);
  return (
    <div className="segmented" role="group" aria-label="Periods">
      {offered.options.map((granularity) => (
        <button
          key={granularity}
          type="button"
          className="segmented__option"
          data-granularity={granularity}
          aria-pressed={current === granularity}
          disabled={!current || !granularityOf(endValue)}
          onClick={() => onSetValues({ [start]: convertPeriod(startValue, granularity, 'start'), [end]: convertPeriod(endValue, granularity, 'end') })}
        >
          {GRANULARITY_LABELS[granularity]}
        </button>
      ))}
    </div>
  );
}

function EChartsChart({ setId, chart, rows, values, labels, templateParameters, onSelectColumn, onSetValues, height = DEFAULT_HEIGHT, build }: ChartViewProps & { build: OptionBuilder<AnalyticRow> }) {
  const stable = useStableValues(values);
  const drawing = useRef<EChartHandle>(null);
  const { confidence, drawn, summary } = useConfidence(rows, templateParameters);
  const spec = useMemo(() => build(drawn, chart, stable, labels, confidence), [build, drawn, chart, stable, labels, confidence]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const select = chart.onColumnSelect && onSelectColumn;
  const columnAt = spec.columnAt;
  const onClick =
    select && columnAt
      ? (click: ChartClick) => {
          const column = columnAt(click);
          if (column !== undefined) select(column);
        }
      : undefined;
  return (
    <Frame
      chart={chart}
      setId={setId}
      subtitle={spec.subtitle}
      limited={spec.limited}
      notice={notes(spec.notice, summary)}
      figures={spec.figures}
      tools={
        <>
          {chart.periodGranularity && onSetValues && <GranularitySwitch chart={chart} values={stable} onSetValues={onSetValues} />}
          <Downloads setId={setId} chart={chart} png={() => drawing.current?.png()} csv={mayExportData(chart, templateParameters) ? () => rowsCsv(drawn) : undefined} />
        </>
      }
    >
      {spec.legend && spec.legend.length > 0 && <Legend entries={spec.legend} hidden={hidden} onToggle={toggle} />}
      <EChart ref={drawing} option={spec.option} height={Math.max(height, spec.minHeight ?? 0)} hidden={hidden} onClick={onClick} />
      {select && spec.columns && (
        // The canvas takes no keyboard focus: the same choice as buttons, shown while one of them has the focus.
        <div className="chart-view__columns" role="group" aria-label="Select a column">
          {spec.columns.map((column) => (
            <button key={column.id} type="button" className="chart-view__column" data-column={column.id} onClick={() => select(column.id)}>
              Select {column.name}
            </button>
          ))}
        </div>
      )}
    </Frame>
  );
}

/** Customer Journey: the ranked tables, or (switched) the chart's alternative kind, bars before and after. */
function JourneyChart({ setId, chart, rows, values, labels, templateParameters, height = DEFAULT_HEIGHT, build }: ChartViewProps & { build: OptionBuilder<CustomerJourneyRow> }) {
  const stable = useStableValues(values);
  const drawing = useRef<EChartHandle>(null);
  const alternative = chart.alternativeKind;
  const [display, setDisplay] = useState<ChartKind>(chart.kind);
  const { confidence, drawn, summary } = useConfidence(rows, templateParameters);
  const journeyRows = useMemo(() => rowsOf('CustomerJourneyRow', drawn), [drawn]);
  const journey = useMemo(() => journeyOf(journeyRows, chart, stable, labels, confidence), [journeyRows, chart, stable, labels, confidence]);
  const spec = useMemo(
    () => (display === chart.kind ? undefined : build(journeyRows, chart, stable, labels, confidence)),
    [display, build, journeyRows, chart, stable, labels, confidence],
  );
  const tools = (
    <>
      {alternative && (
        <div className="segmented" role="group" aria-label="Show as">
          {[chart.kind, alternative].map((kind) => (
            <button key={kind} type="button" className="segmented__option" aria-pressed={display === kind} onClick={() => setDisplay(kind)}>
              {kind === 'table' ? 'Table' : 'Chart'}
            </button>
          ))}
        </div>
      )}
      <Downloads setId={setId} chart={chart} png={spec ? () => drawing.current?.png() : undefined} csv={mayExportData(chart, templateParameters) ? () => rowsCsv(drawn) : undefined} />
    </>
  );
  return (
    <Frame chart={chart} setId={setId} subtitle={journeySubtitle(journey)} limited={journey.limited} notice={summary} tools={tools} figures={journeyFigures(journey)} display={display}>
      <div className="chart-view__scroll" style={{ maxHeight: height }}>
        {spec ? <EChart ref={drawing} option={spec.option} height={Math.max(height - 8, spec.minHeight ?? 0)} /> : <JourneyTable journey={journey} />}
      </div>
    </Frame>
  );
}

/** Movement Pivot: the pivot table, and its CSV export only when the template parameter allows it. */
function PivotChart({ setId, chart, rows, values, labels, templateParameters, height = DEFAULT_HEIGHT }: ChartViewProps) {
  const stable = useStableValues(values);
  const layout = useMemo(() => layoutOf(stable.pivotTable), [stable]);
  const { confidence, drawn, summary } = useConfidence(rows, templateParameters);
  const pivotRows = useMemo(() => rowsOf('MovementPivotRow', drawn), [drawn]);
  const pivot = useMemo(() => pivotOf(pivotRows, layout, labels, confidence), [pivotRows, layout, labels, confidence]);
  const tools = mayExportData(chart, templateParameters) && <Downloads setId={setId} chart={chart} csv={() => pivotCsv(pivotRows, layout, labels)} />;
  const rowCount = pivot.rowKeys.length;
  const columnCount = pivot.columnKeys.length;
  return (
    <Frame
      chart={chart}
      setId={setId}
      subtitle={`${rowCount} ${rowCount === 1 ? 'row' : 'rows'} × ${columnCount} ${columnCount === 1 ? 'column' : 'columns'} · normalized visits (hover a cell for raw visits)`}
      tools={tools}
      notice={summary}
      figures={pivotFigures(pivot)}
    >
      <ScrollBox maxHeight={height} label={`${chart.title}, scrolls both ways`}>
        <PivotTable pivot={pivot} />
      </ScrollBox>
    </Frame>
  );
}
