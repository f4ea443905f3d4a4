-- Which file holds each engine data entry's current version (a dataset's data, or derived data such as rollups) is
-- decided here, in the transaction that switches it, so that several server processes agree (issue 16).
CREATE TABLE engine_data (
  data_id uuid PRIMARY KEY,
  version text NOT NULL,
  -- File names inside the entry's folder (or under its prefix in object storage).
  parquet_file text NOT NULL,
  arrow_file text,
  columns jsonb NOT NULL,
  row_count bigint NOT NULL,
  size_bytes bigint NOT NULL,
  lat_column text,
  lng_column text,
  geometry_column text,
  switched_at timestamptz NOT NULL DEFAULT now()
);

-- Server processes sharing this database; each beats while it lives. A new process start is a new instance.
CREATE TABLE server_instances (
  id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

-- Versions being written: their files are left alone while the writing instance lives, and removed once it is gone.
CREATE TABLE engine_writes (
  data_id uuid NOT NULL,
  version text NOT NULL,
  instance_id uuid NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (data_id, version)
);

-- Replaced versions: their files stay for queries already reading them until retire_at, then any process removes them.
CREATE TABLE engine_retired (
  data_id uuid NOT NULL,
  version text NOT NULL,
  files text[] NOT NULL,
  retire_at timestamptz NOT NULL,
  PRIMARY KEY (data_id, version)
);
CREATE INDEX engine_retired_due_idx ON engine_retired (retire_at);

-- The process that runs a load: a load whose instance stopped beating died with it.
ALTER TABLE dataset_loads ADD COLUMN instance_id uuid;
CREATE INDEX dataset_loads_running_idx ON dataset_loads (dataset_id) WHERE status = 'running';
