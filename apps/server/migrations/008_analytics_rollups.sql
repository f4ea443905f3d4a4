-- The analytic rollups stored in the embedded engine (modules/analytics/rollups): which panel data versions each was
-- computed from, so a rollup is rebuilt exactly when the panel data (or the rollup definitions) change.
CREATE TABLE analytics_rollups (
  rollup_id uuid PRIMARY KEY,
  source_versions text NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);
