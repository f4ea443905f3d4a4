-- Data queries: query templates (with their version history), bookmarks and query executions.

CREATE TABLE query_templates (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- SQL with {{name}} placeholders ({{dataset}} names the dataset's relation).
  template text NOT NULL,
  -- [{name, type, default?, delimiter?}]
  parameters jsonb NOT NULL DEFAULT '[]',
  dataset_id uuid REFERENCES datasets (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX query_templates_org_idx ON query_templates (organization_id);
CREATE INDEX query_templates_owner_idx ON query_templates (owner_id);

-- Every saved state of a template (version 1 is the creation); the newest equals the template row.
CREATE TABLE query_template_versions (
  template_id uuid NOT NULL REFERENCES query_templates (id) ON DELETE CASCADE,
  version integer NOT NULL,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  description text NOT NULL,
  template text NOT NULL,
  parameters jsonb NOT NULL,
  dataset_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (template_id, version)
);

CREATE TABLE query_bookmarks (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- {queryTemplateId, datasetId?, parameters?} or {pipeline}
  query jsonb NOT NULL,
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX query_bookmarks_org_idx ON query_bookmarks (organization_id);
CREATE INDEX query_bookmarks_owner_idx ON query_bookmarks (owner_id);

-- One row per run of a pipeline or a template; only the user who ran it (or readers of the record it ran for) see it.
CREATE TABLE query_executions (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pipeline', 'template')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'success', 'failure', 'cancelled')),
  query_template_id uuid REFERENCES query_templates (id) ON DELETE SET NULL,
  query_template_version integer,
  dataset_id uuid REFERENCES datasets (id) ON DELETE SET NULL,
  record_id uuid REFERENCES records (id) ON DELETE SET NULL,
  parameters jsonb,
  pipeline_hash text,
  -- {datasetId: dataVersion} of every dataset the query read
  dataset_versions jsonb NOT NULL DEFAULT '{}',
  cache_mode text NOT NULL CHECK (cache_mode IN ('no-cache', 'studio-cloud-cache')),
  cache_key text,
  cache_hit boolean NOT NULL DEFAULT false,
  cache_expires_at timestamptz,
  row_count bigint,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX query_executions_owner_idx ON query_executions (owner_id, created_at DESC);
CREATE INDEX query_executions_record_template_idx ON query_executions (record_id, query_template_id, created_at DESC);
