// The four tables exactly as written (column order and DuckDB types), for tests and for readers
// that register the files as datasets.

export const PANEL_TABLES = {
  places: [
    ['place_id', 'INTEGER'], ['name', 'VARCHAR'], ['chain_id', 'VARCHAR'], ['chain_name', 'VARCHAR'],
    ['category_id', 'VARCHAR'], ['category_name', 'VARCHAR'], ['dma_id', 'VARCHAR'], ['dma_name', 'VARCHAR'],
    ['country', 'VARCHAR'], ['lat', 'DOUBLE'], ['lng', 'DOUBLE'],
  ],
  panel: [
    ['device_id', 'INTEGER'], ['home_dma_id', 'VARCHAR'], ['age', 'VARCHAR'], ['gender', 'VARCHAR'], ['income', 'VARCHAR'], ['weight', 'DOUBLE'],
  ],
  visits: [
    ['visit_id', 'BIGINT'], ['device_id', 'INTEGER'], ['place_id', 'INTEGER'], ['started_at', 'TIMESTAMP'], ['dwell_minutes', 'DOUBLE'],
  ],
  population: [
    ['dma_id', 'VARCHAR'], ['age', 'VARCHAR'], ['gender', 'VARCHAR'], ['income', 'VARCHAR'], ['population', 'BIGINT'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

export type PanelTable = keyof typeof PANEL_TABLES;

/** Defaults of the demo panel (`npm start`) and of the CLI. */
export const DEMO_VISITS = 5_000_000;
export const DEMO_SEED = 1;
export const DEFAULT_START = '2023-01-01';
export const DEFAULT_END = '2025-12-31';
