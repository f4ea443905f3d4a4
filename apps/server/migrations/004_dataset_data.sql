-- Every load of data into a dataset (an upload through PUT /v1/datasets/{id}/data, or a clone's copy).
-- GET /v1/datasets/{id}/query-execution answers the latest one. The data itself lives in the engine's files.
CREATE TABLE dataset_loads (
  id uuid PRIMARY KEY,
  dataset_id uuid NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  source text NOT NULL CHECK (source IN ('upload', 'clone')),
  -- csv, geojson, parquet or arrow for uploads; null for clones.
  format text,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'success', 'failure')),
  -- The engine's version of the data the load produced (success only).
  data_version text,
  row_count bigint,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX dataset_loads_dataset_idx ON dataset_loads (dataset_id, started_at DESC);
