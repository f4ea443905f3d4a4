-- Administration: flags an administrator sets on an e-mail address (POST /v1/email_flags), whether or not an account
-- uses it yet. Keyed by the address in lowercase, so it follows the address, not the account.
CREATE TABLE email_flags (
  email text PRIMARY KEY CHECK (email = lower(email)),
  do_not_email boolean NOT NULL DEFAULT false,
  bounced boolean NOT NULL DEFAULT false,
  complained boolean NOT NULL DEFAULT false,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
