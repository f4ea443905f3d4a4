import type { ProgressReport } from '../progress/progress.js';

export interface GenerateOptions {
  /** Number of visits (rows of visits.parquet). */
  readonly visits: number;
  /** Any non-negative safe integer; the same seed and visits give byte-identical files. */
  readonly seed: number;
  /** Directory for places.parquet, panel.parquet, visits.parquet and population.parquet (created if missing). */
  readonly outDir: string;
  /** First and last local day, YYYY-MM-DD (defaults 2023-01-01 and 2025-12-31). */
  readonly start?: string;
  readonly end?: string;
  readonly onProgress?: (progress: GenerateProgress) => void;
  /** DuckDB worker threads (default: the machine's cores); the output does not depend on it. */
  readonly threads?: number;
  /** DuckDB memory limit, e.g. "4GB" (default 2GB); beyond it the sort spills to a temporary folder in outDir. */
  readonly memoryLimit?: string;
  /** Visits sorted at once at most (default 50 M): larger panels are sorted by ranges of places; the output is the same. */
  readonly sortVisits?: number;
}

/** Stages of a generation, in order: their counts are rows of each table (the model: devices built in JS). */
export const GENERATE_STAGES = ['model', 'places', 'population', 'panel', 'visits', 'visits sorted'] as const;
export type GeneratePhase = (typeof GENERATE_STAGES)[number];

/** Stage, rows written of rows planned, share done and time left (see progress/progress.ts). */
export type GenerateProgress = ProgressReport;

export interface PanelFiles {
  readonly places: string;
  readonly panel: string;
  readonly visits: string;
  readonly population: string;
  readonly counts: { readonly places: number; readonly devices: number; readonly visits: number; readonly populationCells: number };
  readonly elapsedMs: number;
}
