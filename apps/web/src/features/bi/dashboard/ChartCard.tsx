// One chart of a dashboard: its own query (keyed on its own parameters only), its own loading, error and empty states.
import { useMemo, type CSSProperties } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usedParameters, validateQueryValues, type AnalyticSetDefinition, type AnalyticSetId, type Labels, type QueryValueProblem } from '@atlas/domain';
import { useApiClient } from '../../../api/ApiClientContext';
import { errorText } from '../../../api/errors';
import { Spinner } from '../../../ui/Spinner';
import { ChartView } from '../charts';
import { chartParameters, referencedId, type ChartDefinition } from '../template';
import { biKeys } from './queries';
import { chartRetry, chartRetryDelay, rollupBuildStatus } from './rollupBuild';

/** The problems that keep a chart from being queried: its own parameters checked by the set's rules. */
export function chartProblems(definition: AnalyticSetDefinition, chart: ChartDefinition, parameters: Record<string, unknown>): QueryValueProblem[] {
  return validateQueryValues(definition, parameters, usedParameters(definition, chart.query.templateId) ?? undefined);
}

/** The query-bar values as they were when the shown rows were fetched, so a chart never draws rows with newer settings. */
function valuesOfAnswer(chart: ChartDefinition, values: Record<string, unknown>, parameters: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...values };
  for (const [name, reference] of Object.entries(chart.query.parameters)) shown[referencedId(reference)] = parameters[name];
  return shown;
}

export interface ChartCardProps {
  setId: AnalyticSetId;
  definition: AnalyticSetDefinition;
  chart: ChartDefinition;
  values: Record<string, unknown>;
  labels: Labels;
  span: number;
  height: number;
  /** The card keeps `height` even while loading or empty (charts); otherwise it fits what it shows. */
  fixedHeight: boolean;
  onSelectColumn?(value: string): void;
  /** The chart sets query values itself (its period granularity). */
  onSetValues?(patch: Record<string, unknown>): void;
}

export type CardState = 'invalid' | 'loading' | 'error' | 'empty' | 'ready' | 'updating';

/**
 * What a card shows: the filter problems first (nothing is queried), then a failure, the spinner until rows came, the
 * previous chart dimmed while new parameters load ('updating'; a spinner when that chart was empty), "No data for
 * these filters", or the chart.
 */
export function cardState({ problems, isError, rows, isPlaceholderData }: { problems: readonly unknown[]; isError: boolean; rows?: readonly unknown[]; isPlaceholderData: boolean }): CardState {
  if (problems.length) return 'invalid';
  if (isError) return 'error';
  if (!rows) return 'loading';
  if (isPlaceholderData) return rows.length ? 'updating' : 'loading';
  return rows.length ? 'ready' : 'empty';
}

export function ChartCard({ setId, definition, chart, values, labels, span, height, fixedHeight, onSelectColumn, onSetValues }: ChartCardProps) {
  const client = useApiClient();
  const parameters = useMemo(() => chartParameters(chart, values), [chart, values]);
  const problems = useMemo(() => chartProblems(definition, chart, parameters), [definition, chart, parameters]);
  const query = useQuery({
    queryKey: biKeys.chart(setId, chart.query.templateId, parameters),
    queryFn: async () => ({ rows: (await client.analytics.query(setId, chart.query.templateId, parameters)).rows, parameters }),
    enabled: problems.length === 0,
    // While new parameters load, the previous chart stays (dimmed) instead of blanking the card.
    placeholderData: keepPreviousData,
    retry: chartRetry,
    retryDelay: chartRetryDelay,
  });
  const building = rollupBuildStatus(query.failureReason);

  const state = cardState({ problems, isError: query.isError, rows: query.data?.rows, isPlaceholderData: query.isPlaceholderData });

  const style = { '--bi-span': span, ...(fixedHeight ? { '--bi-chart-height': `${height}px` } : {}) } as CSSProperties;
  return (
    <section className="card bi-card" style={style} data-chart-card={chart.id} data-state={state} aria-busy={state === 'loading' || state === 'updating'} aria-label={chart.title}>
      <header className="bi-card__header">
        <h3 className="bi-card__title">{chart.title}</h3>
        {state === 'updating' && <span className="bi-card__status">Updating…</span>}
      </header>
      <div className="bi-card__body">
        {state === 'invalid' && (
          <div className="bi-card__message bi-card__message--problem" role="alert">
            <strong>Adjust the filters to show this chart</strong>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.parameterId}:${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          </div>
        )}
        {state === 'loading' && (
          <div className="bi-card__message">
            <Spinner label={building ? 'Building the analytic rollups…' : 'Loading…'} />
            {building && <span data-testid="chart-building">{building}</span>}
          </div>
        )}
        {state === 'error' && (
          <div className="bi-card__message bi-card__message--error" role="alert">
            <strong>This chart could not be loaded</strong>
            <span data-testid="chart-error">{errorText(query.error)}</span>
            <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        )}
        {state === 'empty' && (
          <div className="bi-card__message bi-card__message--empty">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 19h16M7 16V10M12 16V6M17 16v-3" />
            </svg>
            <span>No data for these filters</span>
          </div>
        )}
        {(state === 'ready' || state === 'updating') && query.data && (
          <div className="bi-card__chart">
            <ChartView
              setId={setId}
              chart={chart}
              rows={query.data.rows}
              values={valuesOfAnswer(chart, values, query.data.parameters)}
              labels={labels}
              templateParameters={definition.templateParameters}
              onSelectColumn={onSelectColumn}
              onSetValues={onSetValues}
              height={height}
            />
          </div>
        )}
      </div>
    </section>
  );
}
