/** A SQL string literal. Only for values the server generates itself (file paths under DATA_DIR), never user input. */
export const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The relation of Parquet files read as one table, in order. */
export const parquetRelation = (files: readonly string[]) => `read_parquet(${files.length === 1 ? sqlString(files[0]!) : `[${files.map(sqlString).join(', ')}]`})`;

/** A quoted SQL identifier (column names read from uploaded files). */
export const sqlIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
