// Copies an organization's panel tables from the embedded engine into a PostgreSQL schema, so that the same view SQL
// can run there (a panel that outgrows one machine, the bench's comparison, the portability tests).
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PANEL_TABLE_NAMES } from '@atlas/analytics';
import type { Engine } from '../../engine/types.js';
import { ROLLUP_KEYS, ROLLUP_NAMES, ROLLUPS } from './rollups/definitions.js';
import type { PanelRelations, RawPanelRelations } from './views/index.js';


/** DuckDB column types of the panel tables and the PostgreSQL types that hold the same values. */
const PG_TYPES: Record<string, string> = {
  BOOLEAN: 'boolean', TINYINT: 'smallint', SMALLINT: 'smallint', INTEGER: 'integer', BIGINT: 'bigint',
  UTINYINT: 'smallint', USMALLINT: 'integer', UINTEGER: 'bigint', FLOAT: 'real', DOUBLE: 'double precision',
  VARCHAR: 'text', DATE: 'date', TIMESTAMP: 'timestamp',
};
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Table names of the copy (raw tables and rollups), as trusted relations for view SQL. */
export const warehouseRelations = (schema: string): PanelRelations =>
  Object.fromEntries([...PANEL_TABLE_NAMES, ...ROLLUP_NAMES].map((table) => [table, `${quote(schema)}.${quote(table)}`])) as unknown as PanelRelations;

/**
 * (Re)creates `schema` on the server at `url` holding the four tables (`datasets`: the panel's dataset id per table),
 * indexed on the keys the views join and filter by, and the rollups built there by the same SQL as in the engine.
 */
export async function copyPanelToPostgres(engine: Engine, datasets: Record<keyof RawPanelRelations, string>, url: string, schema: string): Promise<PanelRelations> {
  const target = warehouseRelations(schema);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE`);
    await client.query(`CREATE SCHEMA ${quote(schema)}`);
    for (const table of PANEL_TABLE_NAMES) {
      const data = await engine.datasetData(datasets[table]);
      if (!data) throw new Error(`The ${table} dataset has no data`);
      const columns = await engine.queryRows(`DESCRIBE SELECT * FROM ${data.relation}`, []);
      const definition = columns.map((column) => {
        const type = PG_TYPES[String(column.column_type)];
        if (!type) throw new Error(`${table}.${String(column.column_name)}: no PostgreSQL type for ${String(column.column_type)}`);
        return `${quote(String(column.column_name))} ${type}`;
      });
      await client.query(`CREATE TABLE ${target[table]} (${definition.join(', ')})`);
      const csv = (await engine.exportData(datasets[table], 'csv'))!;
      await pipeline(csv, client.query(copyFrom(`COPY ${target[table]} FROM STDIN (FORMAT csv, HEADER true)`)));
    }
    await client.query(`CREATE INDEX ON ${target.visits} (place_id, started_at)`);
    await client.query(`CREATE INDEX ON ${target.visits} (started_at)`);
    await client.query(`CREATE UNIQUE INDEX ON ${target.places} (place_id)`);
    await client.query(`CREATE UNIQUE INDEX ON ${target.panel} (device_id)`);
    for (const table of PANEL_TABLE_NAMES) await client.query(`ANALYZE ${target[table]}`);
    for (const name of ROLLUP_NAMES) {
      await client.query(`CREATE TABLE ${target[name]} AS ${ROLLUPS[name](target)}`);
      await client.query(`CREATE INDEX ON ${target[name]} (${ROLLUP_KEYS[name]})`);
      await client.query(`ANALYZE ${target[name]}`);
    }
    return target;
  } finally {
    await client.end();
  }
}
