-- Identity: quota policies, organizations, users, sessions, API keys, feature flags.

CREATE TABLE quota_policies (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  limits jsonb NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Reference data: the tiers offered; limits stay within the quota maximum of 65535.
INSERT INTO quota_policies (id, name, description, limits, position) VALUES
  ('viewer', 'Viewer', 'Reads what is shared; creates nothing that counts against quota',
   '{"maps":0,"datasets":0,"insights":0,"workbooks":0,"dataConnections":0,"storageMegabytes":0}', 1),
  ('maker', 'Maker', 'Builds maps, dashboards and workbooks',
   '{"maps":500,"datasets":500,"insights":500,"workbooks":500,"dataConnections":50,"storageMegabytes":65535}', 2),
  ('enterprise', 'Enterprise', 'Maker limits raised to the quota maximum',
   '{"maps":65535,"datasets":65535,"insights":65535,"workbooks":65535,"dataConnections":65535,"storageMegabytes":65535}', 3);

CREATE TABLE organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  maker_quota_policy text REFERENCES quota_policies (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  seat text NOT NULL CHECK (seat IN ('viewer', 'maker')),
  is_admin boolean NOT NULL DEFAULT false,
  quota_policy_id text NOT NULL REFERENCES quota_policies (id),
  screening_status smallint CHECK (screening_status IN (1, 2)),
  last_screening_update timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_organization_idx ON users (organization_id);

-- Only SHA-256 hashes of bearer secrets are stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organization_feature_flags (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  flag text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, flag)
);
