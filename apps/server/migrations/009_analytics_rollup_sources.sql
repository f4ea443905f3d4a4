-- The panel datasets each analytic rollup is computed from, so that the rollups of deleted panels can be removed.
ALTER TABLE analytics_rollups ADD COLUMN source_datasets uuid[] NOT NULL DEFAULT '{}';
