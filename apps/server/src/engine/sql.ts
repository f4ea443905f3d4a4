/** A SQL string literal. Only for values the server generates itself (file paths under DATA_DIR), never user input. */
export const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A quoted SQL identifier (column names read from uploaded files). */
export const sqlIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
