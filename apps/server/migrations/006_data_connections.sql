-- Data connections: the user's own warehouses (and storage) that queries run on.
-- options never hold a password: it is either named by options.passwordEnvVar (read from the server's environment
-- at connect time) or kept in secret_ciphertext, AES-256-GCM under ATLAS_SECRETS_KEY.
CREATE TABLE data_connections (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  owner_id uuid NOT NULL REFERENCES users (id),
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public_read')),
  name text NOT NULL,
  type text NOT NULL,
  options jsonb NOT NULL DEFAULT '{}',
  secret_ciphertext text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_connections_org_idx ON data_connections (organization_id);
CREATE INDEX data_connections_owner_idx ON data_connections (owner_id);
