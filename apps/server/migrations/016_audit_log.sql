-- Audit log (GET /v1/admin/audit-logs): every change a request makes to the catalogue, written by triggers in the
-- transaction of the change itself, so a change without its entry cannot commit. The server names the request in the
-- transaction-local setting atlas.audit (JSON: requestId, actorId, organizationId, via, adminMode, method, route); work
-- outside any request (migrations, the demo seed, background builds) sets none and is not logged. See docs/audit-log.md.
CREATE TABLE audit_logs (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  request_id uuid NOT NULL,
  actor_id uuid,
  via text NOT NULL CHECK (via IN ('session', 'api-key', 'anonymous')),
  admin_mode boolean NOT NULL DEFAULT false,
  method text NOT NULL,
  route text NOT NULL,
  organization_id uuid,
  resource_type text NOT NULL,
  resource_id text NOT NULL,
  action text NOT NULL,
  -- The changed table and row: one entry per row a request changes, its changes merged.
  table_name text NOT NULL,
  row_key text NOT NULL,
  change jsonb NOT NULL
);
CREATE INDEX audit_logs_created ON audit_logs (created_at DESC, id DESC);
CREATE INDEX audit_logs_request_row ON audit_logs (request_id, table_name, row_key);
CREATE INDEX audit_logs_actor ON audit_logs (actor_id, created_at DESC);
CREATE INDEX audit_logs_organization ON audit_logs (organization_id, created_at DESC);
CREATE INDEX audit_logs_resource ON audit_logs (resource_type, resource_id, created_at DESC);

-- A column whose value never enters the log (only that it changed).
CREATE FUNCTION audit_is_secret(name text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT name ~* '(password|secret|token|ciphertext|hash|_key$)'
$$;

-- Bookkeeping that changes without anyone changing the record: an update touching only these is not logged.
CREATE FUNCTION audit_is_bookkeeping(name text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT name IN ('updated_at', 'last_used_at', 'views')
$$;

-- A value as the log keeps it: secrets hidden, values over 4 KiB replaced by their size.
CREATE FUNCTION audit_value(name text, value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR value = 'null'::jsonb THEN value
    WHEN audit_is_secret(name) THEN '"(hidden)"'::jsonb
    WHEN octet_length(value::text) > 4096 THEN jsonb_build_object('omitted', 'too large to keep', 'bytes', octet_length(value::text))
    ELSE value
  END
$$;

-- A row as the log keeps it.
CREATE FUNCTION audit_snapshot(row_value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, audit_value(key, value)), '{}'::jsonb) FROM jsonb_each(row_value)
$$;

-- The columns an update changed, each {from, to}; bookkeeping left out.
CREATE FUNCTION audit_diff(old_row jsonb, new_row jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(n.key, jsonb_build_object('from', audit_value(n.key, old_row -> n.key), 'to', audit_value(n.key, n.value))), '{}'::jsonb)
  FROM jsonb_each(new_row) n
  WHERE NOT audit_is_bookkeeping(n.key) AND (old_row -> n.key) IS DISTINCT FROM n.value
$$;

-- Two updates of one row in one request: the first "from", the last "to"; a column back where it was drops out.
CREATE FUNCTION audit_merge_diff(earlier jsonb, later jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM (
    SELECT coalesce(e.key, l.key) AS key,
           jsonb_build_object('from', CASE WHEN e.key IS NULL THEN l.value -> 'from' ELSE e.value -> 'from' END,
                              'to', CASE WHEN l.key IS NULL THEN e.value -> 'to' ELSE l.value -> 'to' END) AS value
    FROM jsonb_each(earlier) e FULL JOIN jsonb_each(later) l ON e.key = l.key
  ) merged
  WHERE (value -> 'from') IS DISTINCT FROM (value -> 'to')
$$;

-- The trigger. Arguments: the resource type (or @column to read it from the row), the column holding the resource id
-- (a|b: the first not null), the action's noun for rows that belong to another record ('' for the record itself),
-- and the columns of the row key when the table has no id column.
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  context jsonb := nullif(current_setting('atlas.audit', true), '')::jsonb;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  subject jsonb := coalesce(new_row, old_row);
  verb text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
  v_change jsonb;
  v_resource_type text;
  v_resource_id text;
  v_row_key text;
  v_action text;
  id_column text;
  earlier audit_logs%ROWTYPE;
BEGIN
  IF context IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    v_change := audit_diff(old_row, new_row);
    IF v_change = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  ELSE
    v_change := audit_snapshot(subject);
  END IF;

  v_resource_type := CASE WHEN left(TG_ARGV[0], 1) = '@' THEN subject ->> substr(TG_ARGV[0], 2) ELSE TG_ARGV[0] END;
  FOREACH id_column IN ARRAY string_to_array(TG_ARGV[1], '|') LOOP
    v_resource_id := coalesce(v_resource_id, subject ->> id_column);
  END LOOP;
  v_action := CASE WHEN TG_ARGV[2] = '' THEN verb ELSE TG_ARGV[2] || '.' || verb END;
  IF TG_NARGS > 3 THEN
    SELECT string_agg(subject ->> key_column, '/') INTO v_row_key FROM unnest(TG_ARGV[3:]) AS key_column;
  ELSE
    v_row_key := subject ->> 'id';
  END IF;

  SELECT * INTO earlier FROM audit_logs a
  WHERE a.request_id = (context ->> 'requestId')::uuid AND a.table_name = TG_TABLE_NAME AND a.row_key = v_row_key
  ORDER BY a.id DESC LIMIT 1;
  IF FOUND THEN
    -- One entry per row and request: created then changed stays a creation (of the final row); anything then deleted
    -- is a deletion; two updates merge.
    IF TG_OP = 'DELETE' THEN
      UPDATE audit_logs SET action = v_action, change = v_change WHERE id = earlier.id;
    ELSIF earlier.action LIKE '%create' THEN
      UPDATE audit_logs SET change = audit_snapshot(new_row) WHERE id = earlier.id;
    ELSE
      UPDATE audit_logs SET change = audit_merge_diff(earlier.change, v_change) WHERE id = earlier.id;
    END IF;
    RETURN NULL;
  END IF;

  INSERT INTO audit_logs (request_id, actor_id, via, admin_mode, method, route, organization_id, resource_type, resource_id, action, table_name, row_key, change)
  VALUES (
    (context ->> 'requestId')::uuid,
    (context ->> 'actorId')::uuid,
    context ->> 'via',
    coalesce((context ->> 'adminMode')::boolean, false),
    context ->> 'method',
    context ->> 'route',
    -- The record's organization; an organization is its own; else the actor's.
    coalesce((subject ->> 'organization_id')::uuid, CASE WHEN TG_TABLE_NAME = 'organizations' THEN (subject ->> 'id')::uuid END, (context ->> 'organizationId')::uuid),
    v_resource_type,
    v_resource_id,
    v_action,
    TG_TABLE_NAME,
    v_row_key,
    v_change
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION audit_change('organization', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON quota_policies FOR EACH ROW EXECUTE FUNCTION audit_change('quota-policy', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_change('user', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION audit_change('user', 'user_id', 'api-key');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON organization_feature_flags FOR EACH ROW EXECUTE FUNCTION audit_change('organization', 'organization_id', 'flag', 'organization_id', 'flag');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON organization_invitations FOR EACH ROW EXECUTE FUNCTION audit_change('organization', 'organization_id', 'invitation');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON email_flags FOR EACH ROW EXECUTE FUNCTION audit_change('email-flags', 'email', '', 'email');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON legal_consents FOR EACH ROW EXECUTE FUNCTION audit_change('user', 'user_id', 'consent', 'agreement_id', 'user_id');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON datasets FOR EACH ROW EXECUTE FUNCTION audit_change('dataset', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON records FOR EACH ROW EXECUTE FUNCTION audit_change('@kind', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON record_states FOR EACH ROW EXECUTE FUNCTION audit_change('record', 'record_id', 'state');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON map_assets FOR EACH ROW EXECUTE FUNCTION audit_change('map-asset', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON permissions FOR EACH ROW EXECUTE FUNCTION audit_change('@resource_type', 'resource_id', 'grant');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION audit_change('project', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON project_folders FOR EACH ROW EXECUTE FUNCTION audit_change('project', 'project_id', 'folder');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON project_resources FOR EACH ROW EXECUTE FUNCTION audit_change('project', 'project_id', 'item');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON tags FOR EACH ROW EXECUTE FUNCTION audit_change('tag', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON resource_tags FOR EACH ROW EXECUTE FUNCTION audit_change('@resource_type', 'resource_id', 'tag', 'tag_id', 'resource_type', 'resource_id');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON published_items FOR EACH ROW EXECUTE FUNCTION audit_change('@resource_type', 'resource_id|id', 'publication');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON featured_maps FOR EACH ROW EXECUTE FUNCTION audit_change('featured-map', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON report_invitations FOR EACH ROW EXECUTE FUNCTION audit_change('report', 'published_id', 'invitation');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON query_templates FOR EACH ROW EXECUTE FUNCTION audit_change('query-template', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON query_bookmarks FOR EACH ROW EXECUTE FUNCTION audit_change('query-bookmark', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON data_connections FOR EACH ROW EXECUTE FUNCTION audit_change('data-connection', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON analytic_set_configs FOR EACH ROW EXECUTE FUNCTION audit_change('analytic-set-config', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON query_param_configs FOR EACH ROW EXECUTE FUNCTION audit_change('query-param-config', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON shared_parameters FOR EACH ROW EXECUTE FUNCTION audit_change('shared-parameters', 'id', '');
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON shared_parameter_invitations FOR EACH ROW EXECUTE FUNCTION audit_change('shared-parameters', 'shared_parameters_id', 'invitation');
