// What the Reports screen, its dialogs and the public report page decide without the server: the checks the server
// makes on a new report and an invitation (so the browser says what is wrong before sending), and the snapshot a
// report publishes (docs/reports.md).
import {
  PUBLISHED_PASSWORD_LIMITS,
  REPORT_INVITE_MAX_EMAILS,
  REPORT_MAX_DATASETS,
  type PublishedDatasetRef,
  type PublishedItemSummary,
} from '@atlas/domain';

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const EMAIL_MAX = 320;

/** What the publish dialog sends: the report's datasets, its name and description, and a password or none. */
export interface ReportDraft {
  datasets: readonly PublishedDatasetRef[];
  name: string;
  description: string;
  /** Empty: no password. */
  password: string;
}

/** The first thing the server would refuse in the draft (CreateReportRequest), as a sentence; null when it would take it. */
export function draftProblem({ datasets, name, description, password }: ReportDraft): string | null {
  if (datasets.length === 0) return 'Pick at least one dataset.';
  if (datasets.length > REPORT_MAX_DATASETS) return `A report shows at most ${REPORT_MAX_DATASETS} datasets.`;
  if (!name.trim()) return 'Give the report a name.';
  if (name.trim().length > NAME_MAX) return `A name has at most ${NAME_MAX} characters.`;
  if (description.length > DESCRIPTION_MAX) return `A description has at most ${DESCRIPTION_MAX} characters.`;
  if (password && password.length < PUBLISHED_PASSWORD_LIMITS.minLength) return `A password has at least ${PUBLISHED_PASSWORD_LIMITS.minLength} characters.`;
  if (password.length > PUBLISHED_PASSWORD_LIMITS.maxLength) return `A password has at most ${PUBLISHED_PASSWORD_LIMITS.maxLength} characters.`;
  return null;
}

/** The server's e-mail check (ajv-formats' "email", full mode), so the browser refuses what the server would. */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const isEmail = (text: string) => text.length <= EMAIL_MAX && EMAIL.test(text);

export interface ParsedEmails {
  /** Lower-cased, without repeats, in the order typed (as the server stores them). */
  emails: string[];
  /** What was typed that is no e-mail address, as typed. */
  invalid: string[];
}

/** Addresses typed one a line or separated by commas, semicolons or spaces. */
export function parseEmails(text: string): ParsedEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (!part) continue;
    if (!isEmail(part)) invalid.push(part);
    else if (!emails.includes(part.toLowerCase())) emails.push(part.toLowerCase());
  }
  return { emails, invalid };
}

/** The first thing the server would refuse in an invitation (ReportInviteRequest); null when it would take it. */
export function inviteProblem(parsed: ParsedEmails, description: string): string | null {
  if (parsed.invalid.length > 0) return `Not an e-mail address: ${parsed.invalid.join(', ')}`;
  if (parsed.emails.length === 0) return 'Enter at least one e-mail address.';
  if (parsed.emails.length > REPORT_INVITE_MAX_EMAILS) return `Invite at most ${REPORT_INVITE_MAX_EMAILS} addresses at once.`;
  if (description.length > DESCRIPTION_MAX) return `A description has at most ${DESCRIPTION_MAX} characters.`;
  return null;
}

// The snapshot. The server keeps a report's config as the publisher sends it and serves no report data of its own:
// the public data routes answer for published maps and dashboards only. So the browser takes each dataset's columns
// (and, if the publisher chooses, its first rows) when publishing, and the public page shows exactly that.

export const SNAPSHOT_KIND = 'dataset-preview';
/** Rows a report keeps of each dataset when it includes a preview. */
export const PREVIEW_ROWS = 10;
/** Longer text cells are cut: a report is a preview, not a copy of the data. */
export const CELL_MAX = 200;
export const COLUMNS_MAX = 200;

export interface DatasetSnapshot {
  id: string;
  name: string;
  columns: string[];
  /** One array of cells per row, in column order; empty when the report holds no rows. */
  rows: unknown[][];
  /** Why the report holds no columns of it (no data yet), or null. */
  note: string | null;
}

export interface ReportSnapshot {
  kind: typeof SNAPSHOT_KIND;
  /** Whether the publisher chose to include the first rows of each dataset. */
  includeRows: boolean;
  takenAt: string;
  datasets: DatasetSnapshot[];
}

/** A cell as a report keeps it: JSON values only, long text cut to CELL_MAX characters. */
export function snapshotCell(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.length > CELL_MAX ? `${value.slice(0, CELL_MAX - 1)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === 'boolean') return value;
  return snapshotCell(JSON.stringify(value));
}

/** One dataset's part of the snapshot, from its rows as the preview query answered them. */
export function datasetSnapshot(ref: PublishedDatasetRef, data: { columns: string[]; rows: Array<Record<string, unknown>> } | null, includeRows: boolean): DatasetSnapshot {
  if (!data) return { id: ref.id, name: ref.name, columns: [], rows: [], note: 'This dataset had no data when the report was published.' };
  const columns = data.columns.slice(0, COLUMNS_MAX);
  const rows = includeRows ? data.rows.slice(0, PREVIEW_ROWS).map((row) => columns.map((column) => snapshotCell(row[column]))) : [];
  return { id: ref.id, name: ref.name, columns, rows, note: null };
}

export const buildSnapshot = (datasets: DatasetSnapshot[], includeRows: boolean, now = new Date()): ReportSnapshot => ({
  kind: SNAPSHOT_KIND,
  includeRows,
  takenAt: now.toISOString(),
  datasets,
});

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * What the public page shows of each dataset the report names: its snapshot when the config holds a readable one
 * (anything else, e.g. a report published through the API with another config, shows the names alone).
 */
export function readSnapshot(config: Record<string, unknown>, datasets: readonly PublishedDatasetRef[]): { includeRows: boolean; takenAt: string | null; datasets: DatasetSnapshot[] } {
  const ours = config.kind === SNAPSHOT_KIND && Array.isArray(config.datasets);
  const parts = new Map<string, DatasetSnapshot>();
  if (ours) {
    for (const entry of config.datasets as unknown[]) {
      if (!entry || typeof entry !== 'object') continue;
      const { id, columns, rows, note } = entry as Record<string, unknown>;
      if (typeof id !== 'string' || !isStringArray(columns)) continue;
      const cells = Array.isArray(rows) ? rows.filter((row): row is unknown[] => Array.isArray(row)) : [];
      parts.set(id, { id, name: '', columns, rows: cells, note: typeof note === 'string' ? note : null });
    }
  }
  return {
    includeRows: ours && config.includeRows === true,
    takenAt: ours && typeof config.takenAt === 'string' ? config.takenAt : null,
    datasets: datasets.map((ref) => ({ ...(parts.get(ref.id) ?? { id: ref.id, columns: [], rows: [], note: 'The report holds no columns of this dataset.' }), name: ref.name })),
  };
}

/** How a report's state reads in the list. */
export const statusLabel = (report: Pick<PublishedItemSummary, 'status'>) => (report.status === 'published' ? 'Published' : 'Pending');
