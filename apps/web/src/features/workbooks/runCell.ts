// Running a cell, a page of its result at a time, and saving its whole result as a dataset.
// - SQL on a connection: POST /v1/data-queries/json {connectionId, query, workbookId} (the run belongs to the workbook).
// - SQL over the user's datasets: the sandbox runs query templates only (a query is refused without a connection), so
//   the editor keeps one template per such cell (its id in the cell) and brings its text up to date before a run;
//   {{dataset}} stands for the dataset chosen by name.
// - A pipeline: POST /v1/datasets/query answers Arrow with the whole result, paged here.
import type { ApiClient } from '@atlas/client';
import type { Dataset } from '@atlas/domain';
import { queryDataset } from '../connectors/queryDataset';
import { decodeArrow } from '../datasets/preview/previewData';
import { DATASETS_SOURCE, parsePipeline, type Cell } from './cells';
import { RESULT_PAGE, type CellResult } from './result';

type Client = Pick<ApiClient, 'dataQueries' | 'datasets' | 'workbooks'>;

export interface RunContext {
  workbookId: string;
  workbookName: string;
  signal?: AbortSignal;
}

const templateName = (cell: Cell, workbookName: string) => `${workbookName} · ${cell.title.trim() || 'cell'}`.slice(0, 200);

/** The cell's query template, created or brought up to date with the cell's SQL and dataset; answers its id. */
export async function ensureTemplate(client: Client, cell: Cell, workbookName: string): Promise<string> {
  const body = { name: templateName(cell, workbookName), template: cell.text, parameters: [], datasetId: cell.datasetId };
  if (cell.templateId) {
    const current = await client.dataQueries.templates.get(cell.templateId).catch(() => null);
    if (current) {
      if (current.template !== cell.text || current.datasetId !== cell.datasetId) await client.dataQueries.templates.update(cell.templateId, body);
      return cell.templateId;
    }
  }
  // No template yet, or it was deleted in the queries screen: a new one.
  return (await client.dataQueries.templates.create({ ...body, description: 'Kept by a workbook cell: its SQL over a dataset.' })).id;
}

/** One page of the cell's result. `templateId` is the cell's template for SQL over datasets (see ensureTemplate). */
export async function runCellPage(client: Client, cell: Cell, offset: number, context: RunContext & { templateId?: string }): Promise<CellResult> {
  if (cell.kind === 'pipeline') {
    const parsed = parsePipeline(cell.text);
    if ('problem' in parsed) throw new Error(parsed.problem);
    const { columns, rows } = await decodeArrow((await client.dataQueries.datasetsQuery({ pipeline: parsed.pipeline }, context.signal)).data);
    const typed = columns.map((name) => ({ name, type: 'unknown' }));
    return { columns: typed, rows: rows.slice(offset, offset + RESULT_PAGE), total: rows.length, offset, executionId: null };
  }
  const page = { workbookId: context.workbookId, offset, limit: RESULT_PAGE };
  const answer =
    cell.source === DATASETS_SOURCE
      ? await client.dataQueries.json({ ...page, queryTemplateId: context.templateId, datasetId: cell.datasetId ?? undefined })
      : await client.dataQueries.json({ ...page, connectionId: cell.source, query: cell.text });
  return { columns: answer.columns, rows: answer.rows, total: answer.total, offset: answer.offset, executionId: answer.executionId };
}

/** Arrow bytes stored as a new dataset of the caller; a dataset whose data failed is removed again. */
async function storeArrow(client: Client, name: string, data: ArrayBuffer, signal?: AbortSignal): Promise<Dataset> {
  const dataset = await client.datasets.create({ name });
  try {
    const loaded = await client.datasets.uploadData(dataset.id, data, { format: 'arrow', signal });
    if (loaded.status === 'error') throw new Error(`The result could not be stored as a dataset (${loaded.errorMessage ?? 'no reason given'})`);
    return loaded;
  } catch (error) {
    await client.datasets.remove(dataset.id).catch(() => undefined);
    throw error;
  }
}

/** The cell's whole result as a new dataset, listed among the workbook's datasets. */
export async function saveCellResult(client: Client, cell: Cell, name: string, context: RunContext & { templateId?: string }): Promise<Dataset> {
  let dataset: Dataset;
  if (cell.kind === 'sql' && cell.source !== DATASETS_SOURCE) {
    dataset = await queryDataset(client, { connectionId: cell.source, query: cell.text, name }, () => undefined, context.signal);
  } else if (cell.kind === 'sql') {
    const { data } = await client.dataQueries.runTemplate(context.templateId ?? '', { datasetId: cell.datasetId ?? undefined, workbookId: context.workbookId }, context.signal);
    dataset = await storeArrow(client, name, data, context.signal);
  } else {
    const parsed = parsePipeline(cell.text);
    if ('problem' in parsed) throw new Error(parsed.problem);
    dataset = await storeArrow(client, name, (await client.dataQueries.datasetsQuery({ pipeline: parsed.pipeline }, context.signal)).data, context.signal);
  }
  await client.workbooks.addDataset(context.workbookId, dataset.id);
  return dataset;
}
