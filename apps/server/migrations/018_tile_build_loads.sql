-- Tile builds (hex and vector tilesets) are loads too: recorded while they run in a server instance, so that one
-- whose process died is failed by the living ones, as an upload is (docs/deployment.md).
ALTER TABLE dataset_loads DROP CONSTRAINT dataset_loads_source_check;
ALTER TABLE dataset_loads ADD CONSTRAINT dataset_loads_source_check CHECK (source IN ('upload', 'clone', 'hextile', 'vectortile'));

-- Every vector tileset archive stored in the blob store (vector-tiles/files.ts), recorded before it is written. No
-- foreign key: a row outlives its dataset, so that the archives of a deleted tileset (however it was deleted) and
-- those a dead build left are found and removed by any process (sweepTilesetFiles).
CREATE TABLE vector_tile_files (
  dataset_id uuid NOT NULL,
  version text NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dataset_id, version)
);
