-- Administration: invitations to join an organization (pending memberships), addressed to an e-mail.
-- An invitation becomes a membership when the addressee's account proves the address (verified at sign-up's link,
-- by an administrator, or already verified at sign-in); it is then deleted.

CREATE TABLE organization_invitations (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Stored lowercase, so one address has one pending invitation per organization.
  email text NOT NULL CHECK (email = lower(email)),
  application text NOT NULL,
  message text NOT NULL DEFAULT '',
  seat text NOT NULL DEFAULT 'viewer' CHECK (seat IN ('viewer', 'maker')),
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, email)
);
CREATE INDEX organization_invitations_email_idx ON organization_invitations (email);
