-- Error reports (docs/error-reports.md): what users send with POST /v1/sentry-user-feedback, for administrators to
-- read (GET /v1/admin/feedback). Feedback is a report to the studio's operators and outlives its sender: removing the
-- account or the organization keeps the row (the name and e-mail typed into it stay).
CREATE TABLE user_feedback (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
  comments text NOT NULL,
  name text,
  email text,
  event_id text,
  url text,
  -- When the error-reporting service accepted it (SENTRY_DSN); null when none is configured or it failed.
  forwarded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The console lists it newest first.
CREATE INDEX user_feedback_created_at ON user_feedback (created_at DESC, id DESC);

-- Sending feedback is a write like any other: in the audit log (016, docs/audit-log.md).
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON user_feedback FOR EACH ROW EXECUTE FUNCTION audit_change('feedback', 'id', '');
