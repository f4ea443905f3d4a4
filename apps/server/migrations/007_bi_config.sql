-- Business-intelligence configuration (bi-and-admin.md §3, §7): per-organization overrides of the built-in analytic
-- sets, query-parameter defaults (per organization, or the group default when organization_id is NULL) and shared
-- parameter sets with their e-mail invitations. template_group_id is an analytic set id, checked by the server.

-- Deliberately no unique index on (template_group_id, organization_id): the lookup by group and organization must
-- report duplicates ("Multiple configs found for template group and organization") rather than have them made
-- impossible; the server refuses a second config under an advisory lock instead.
CREATE TABLE analytic_set_configs (
  id uuid PRIMARY KEY,
  template_group_id text NOT NULL,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  template_parameters jsonb NOT NULL DEFAULT '{}',
  query_parameters jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytic_set_configs_group_org_idx ON analytic_set_configs (template_group_id, organization_id);

CREATE TABLE query_param_configs (
  id uuid PRIMARY KEY,
  template_group_id text NOT NULL,
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  parameter_values jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One config per group and organization, and one group default.
CREATE UNIQUE INDEX query_param_configs_org_key ON query_param_configs (template_group_id, organization_id) WHERE organization_id IS NOT NULL;
CREATE UNIQUE INDEX query_param_configs_default_key ON query_param_configs (template_group_id) WHERE organization_id IS NULL;

CREATE TABLE shared_parameters (
  id uuid PRIMARY KEY,
  template_group_id text NOT NULL,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parameter_values jsonb NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shared_parameters_owner_idx ON shared_parameters (owner_id);

-- Invitations by e-mail (stored lowercase); no mail is sent. Whoever signs in with an invited e-mail may read.
CREATE TABLE shared_parameter_invitations (
  id uuid PRIMARY KEY,
  shared_parameters_id uuid NOT NULL REFERENCES shared_parameters (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  description text NOT NULL DEFAULT '',
  invited_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shared_parameters_id, email)
);
CREATE INDEX shared_parameter_invitations_email_idx ON shared_parameter_invitations (email);
