-- Account security: verified e-mail addresses, their verification tokens, and failed-password back-off.

-- E-mail grants and invitations reach an account only once its address is verified. Accounts made before this
-- keep what they already claimed.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at;

-- Only SHA-256 hashes of the tokens sent by e-mail are stored.
CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);

-- Failed passwords per subject ('account:<email>', 'published:<id>', 'address:<ip>'); kept in the metadata
-- database so every server instance sees the same locks.
CREATE TABLE password_failures (
  subject text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);
