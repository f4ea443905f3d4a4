// A cell's run as it goes: the execution's state (queued, running, then success, failure or cancelled), its page of
// rows, Cancel. POST /v1/data-queries/json answers only when the query ended, so while a SQL cell runs the caller's
// executions are polled for the new one of this workbook (as the queries screen does): that gives the state and the
// id Cancel needs. A pipeline run has no execution to watch until it answers; Cancel aborts its request.
import { useEffect, useRef, useState } from 'react';
import type { QueryExecution, QueryExecutionState } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { DATASETS_SOURCE, type Cell } from './cells';
import type { CellResult } from './result';
import { ensureTemplate, runCellPage } from './runCell';

const POLL_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CellRunState {
  phase: 'running' | 'done' | 'failed' | 'cancelled';
  execution: QueryExecution | null;
  result: CellResult | null;
  error: unknown;
}

/** The state the badge shows: the execution's own when known. */
export function runStateOf(run: CellRunState): QueryExecutionState {
  if (run.execution) return run.execution.status;
  return run.phase === 'running' ? 'queued' : run.phase === 'done' ? 'success' : run.phase === 'cancelled' ? 'cancelled' : 'failure';
}

export function useCellRun(workbookId: string, workbookName: string, onTemplate: (templateId: string) => void) {
  const client = useApiClient();
  const [run, setRun] = useState<CellRunState | null>(null);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const token = useRef(0);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => void (token.current += 1), []);

  const start = async (cell: Cell, offset = 0) => {
    const mine = ++token.current;
    const current = () => token.current === mine;
    const controller = new AbortController();
    abort.current = controller;
    setCancelError(null);
    setRun((previous) => ({ phase: 'running', execution: null, result: offset > 0 ? (previous?.result ?? null) : null, error: null }));
    let finished = false;
    try {
      const templateId = cell.kind === 'sql' && cell.source === DATASETS_SOURCE ? await ensureTemplate(client, cell, workbookName) : undefined;
      if (templateId && templateId !== cell.templateId) onTemplate(templateId);
      if (cell.kind === 'sql') void watch(() => finished || !current(), (execution) => setRun((state) => (state?.phase === 'running' ? { ...state, execution } : state)));
      const result = await runCellPage(client, cell, offset, { workbookId, workbookName, templateId, signal: controller.signal });
      finished = true;
      // The answer names its execution: its final record (rows, duration, cache) whether or not the polling saw it.
      const execution = result.executionId ? await client.dataQueries.execution(result.executionId).catch(() => null) : null;
      if (current()) setRun({ phase: 'done', execution, result, error: null });
    } catch (error) {
      finished = true;
      if (!current()) return;
      const cancelled = controller.signal.aborted;
      setRun((state) => {
        const execution = state?.execution ?? null;
        return { phase: cancelled || execution?.status === 'cancelled' ? 'cancelled' : 'failed', execution, result: state?.result ?? null, error };
      });
    }
  };

  /** Polls for the execution this run started: the newest of the workbook that was not there before. */
  const watch = async (done: () => boolean, onExecution: (execution: QueryExecution) => void) => {
    const before = new Set((await client.dataQueries.executions({ limit: 20 }).catch(() => null))?.items.map((item) => item.id) ?? []);
    while (!done()) {
      await sleep(POLL_MS);
      if (done()) return;
      const list = await client.dataQueries.executions({ limit: 10 }).catch(() => null);
      const seen = list?.items.find((item) => item.recordId === workbookId && !before.has(item.id));
      if (seen && !done()) onExecution(seen);
    }
  };

  const cancel = async () => {
    const execution = run?.execution;
    if (execution && (execution.status === 'queued' || execution.status === 'running')) {
      try {
        const cancelled = await client.dataQueries.cancel(execution.id);
        setRun((state) => (state ? { ...state, execution: cancelled } : state));
      } catch (error) {
        // The run goes on (or ended meanwhile): say why it was not cancelled.
        setCancelError(error);
        return;
      }
    }
    abort.current?.abort();
  };

  return { run, start, cancel, cancelError };
}
