// Amazon Redshift over the PostgreSQL wire protocol (pg, as postgres.ts): its default port, the cursor syntax it takes
// (no NO SCROLL) and its own system views, which also list external (Spectrum) and late-binding objects.
import { CONNECTION_OPTIONS } from '@atlas/domain';
import { PG_TABLE_TYPES } from './pg-write.js';
import { pgWireConnector } from './postgres.js';

export const redshiftConnector = pgWireConnector({
  type: 'redshift',
  sqlDialect: 'redshift',
  optionsSchema: CONNECTION_OPTIONS.redshift,
  defaultPort: 5439,
  declareCursor: 'DECLARE atlas_result CURSOR FOR',
  versionSql: 'SELECT version() AS version',
  schemasSql: `SELECT schema_name AS name FROM svv_all_schemas
    WHERE database_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog', 'pg_internal', 'pg_automv', 'pg_auto_copy', 'pg_mv', 'pg_s3')
      AND schema_name NOT LIKE 'pg\\_temp\\_%'
    ORDER BY schema_name`,
  tablesSql: `SELECT table_name AS name FROM svv_tables WHERE table_catalog = current_database() AND table_schema = $1 ORDER BY table_name`,
  columnsSql: `SELECT column_name AS name, data_type AS type FROM svv_columns
    WHERE table_catalog = current_database() AND table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
  // Redshift's TEXT is VARCHAR(256), which would cut longer values; VARCHAR(65535) is its widest. No bytea: VARBYTE.
  tableTypes: { ...PG_TABLE_TYPES, string: 'varchar(65535)', binary: 'varbyte' },
});
