-- Administration: account merge (POST /v1/admin/merge-accounts). A secondary account merged into a primary keeps its
-- row (its e-mail stays taken, its legal consents stay its own) but is disabled: sign-in and its tokens are refused.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN merged_into uuid REFERENCES users (id);
