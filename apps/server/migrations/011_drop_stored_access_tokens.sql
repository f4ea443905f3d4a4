-- Record metadata, saved states and published snapshots may embed map styles' access tokens (kepler.gl configs keep
-- them); they are shown to every reader, so tokens live only on the style itself. New writes drop them; this cleans
-- what was stored before.
SET LOCAL check_function_bodies = off;
CREATE FUNCTION atlas_drop_access_tokens(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(value)
    WHEN 'object' THEN (SELECT coalesce(jsonb_object_agg(key, atlas_drop_access_tokens(member)), '{}'::jsonb)
                        FROM jsonb_each(value) AS members(key, member) WHERE key <> 'accessToken')
    WHEN 'array' THEN (SELECT coalesce(jsonb_agg(atlas_drop_access_tokens(item) ORDER BY position), '[]'::jsonb)
                       FROM jsonb_array_elements(value) WITH ORDINALITY AS items(item, position))
    ELSE value
  END
$$;
UPDATE records SET metadata = atlas_drop_access_tokens(metadata) WHERE metadata::text LIKE '%"accessToken"%';
UPDATE record_states SET data = atlas_drop_access_tokens(data) WHERE data::text LIKE '%"accessToken"%';
UPDATE published_items SET config = atlas_drop_access_tokens(config) WHERE config::text LIKE '%"accessToken"%';
DROP FUNCTION atlas_drop_access_tokens(jsonb);
