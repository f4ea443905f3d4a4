-- Catalogue: every access-checked resource table has id, organization_id, owner_id, visibility, created_at, updated_at,
-- so the one access check (src/http/access.ts) reads them all the same way.

CREATE TABLE datasets (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('managed', 'externally-hosted', 'vector-tile', 'raster-tile', 'hex-tile', 'sql', 'wms', 'tile3d')),
  metadata jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'ready', 'error')),
  error_message text,
  data_connection_id uuid,
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  is_sample boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX datasets_org_idx ON datasets (organization_id);
CREATE INDEX datasets_owner_idx ON datasets (owner_id);

-- Maps, insights (dashboards) and workbooks share the generic record pattern.
CREATE TABLE records (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('map', 'insight', 'workbook')),
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL DEFAULT '{}',
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  is_sample boolean NOT NULL DEFAULT false,
  thumbnail_key text,
  thumbnail_content_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX records_kind_org_idx ON records (kind, organization_id);
CREATE INDEX records_owner_idx ON records (owner_id);

CREATE TABLE record_datasets (
  record_id uuid NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  dataset_id uuid NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, dataset_id)
);
CREATE INDEX record_datasets_dataset_idx ON record_datasets (dataset_id);

CREATE TABLE map_assets (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('map-style', '3d-model', 'color-palette')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL DEFAULT '{}',
  asset_content_type text,
  thumbnail_content_type text,
  asset_key text,
  thumbnail_key text,
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX map_assets_org_idx ON map_assets (organization_id);

CREATE TABLE record_map_assets (
  record_id uuid NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  asset_id uuid NOT NULL REFERENCES map_assets (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, asset_id)
);

-- insight-states, studiostates (maps) and workbook-states; the newest is the record's latestState.
CREATE TABLE record_states (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('insight-state', 'studiostate', 'workbook-state')),
  record_id uuid NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users (id),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX record_states_record_idx ON record_states (record_id, created_at DESC);

CREATE TABLE locks (
  resource_type text NOT NULL,
  resource_id uuid NOT NULL,
  owner_id uuid NOT NULL REFERENCES users (id),
  acquired_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (resource_type, resource_id)
);

CREATE TABLE permissions (
  id uuid PRIMARY KEY,
  resource_type text NOT NULL,
  resource_id uuid NOT NULL,
  grantee_type text NOT NULL CHECK (grantee_type IN ('user', 'role', 'organization', 'email')),
  grantee_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('limited-viewer', 'viewer', 'editor')),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (resource_type, resource_id, grantee_type, grantee_id)
);
CREATE INDEX permissions_grantee_idx ON permissions (grantee_type, grantee_id);

CREATE TABLE projects (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  thumbnail_key text,
  thumbnail_content_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE project_folders (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES project_folders (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE project_resources (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  folder_id uuid REFERENCES project_folders (id) ON DELETE CASCADE,
  resource_type text NOT NULL CHECK (resource_type IN ('map', 'dataset', 'insight', 'map-style')),
  resource_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, resource_type, resource_id)
);

CREATE TABLE tags (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  color text NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_org_name_key ON tags (organization_id, lower(name));

CREATE TABLE resource_tags (
  tag_id uuid NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  resource_type text NOT NULL,
  resource_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tag_id, resource_type, resource_id)
);
CREATE INDEX resource_tags_resource_idx ON resource_tags (resource_type, resource_id);

-- Published maps, insights and reports: a snapshot taken at publish time, optionally password-protected.
CREATE TABLE published_items (
  id uuid PRIMARY KEY,
  resource_type text NOT NULL CHECK (resource_type IN ('map', 'insight', 'report')),
  resource_id uuid,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  config jsonb NOT NULL DEFAULT '{}',
  datasets jsonb NOT NULL DEFAULT '[]',
  upload_options jsonb NOT NULL DEFAULT '{}',
  password_hash text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published')),
  is_sample boolean NOT NULL DEFAULT false,
  views bigint NOT NULL DEFAULT 0,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX published_items_resource_key ON published_items (resource_type, resource_id) WHERE resource_id IS NOT NULL;

CREATE TABLE featured_maps (
  id uuid PRIMARY KEY,
  published_id uuid NOT NULL UNIQUE REFERENCES published_items (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  highlighted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE report_invitations (
  id uuid PRIMARY KEY,
  published_id uuid NOT NULL REFERENCES published_items (id) ON DELETE CASCADE,
  emails jsonb NOT NULL,
  description text NOT NULL DEFAULT '',
  invited_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE legal_agreements (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('studio-tos', 'fsq-sample-data', 'fsq-bi', 'fsq-despp')),
  version integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  effective_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type, version)
);

CREATE TABLE legal_consents (
  agreement_id text NOT NULL REFERENCES legal_agreements (id),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  consented_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agreement_id, user_id)
);
