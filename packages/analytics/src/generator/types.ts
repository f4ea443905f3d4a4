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
}

export type GeneratePhase = 'reference' | 'panel' | 'lookups' | 'places' | 'population' | 'visits' | 'done';

export interface GenerateProgress {
  readonly phase: GeneratePhase;
  readonly message: string;
  /** Share of the visits query done (0..1), when DuckDB reports it. */
  readonly fraction?: number;
  readonly elapsedMs: number;
}

export interface PanelFiles {
  readonly places: string;
  readonly panel: string;
  readonly visits: string;
  readonly population: string;
  readonly counts: { readonly places: number; readonly devices: number; readonly visits: number; readonly populationCells: number };
  readonly elapsedMs: number;
}
