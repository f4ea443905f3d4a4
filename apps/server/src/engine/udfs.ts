import { DuckDBScalarFunction, DOUBLE, INTEGER, VARCHAR, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';
import { H3_UDFS } from '@atlas/pipeline';

const TYPES: Record<string, DuckDBType> = { DOUBLE, INTEGER, VARCHAR };

/** Registers the pipeline's H3 functions (atlas_h3_cell, atlas_h3_parent) so compiled SQL can call them. */
export function registerUdfs(connection: DuckDBConnection): void {
  for (const udf of H3_UDFS) {
    const fn = udf.fn as (...args: unknown[]) => unknown;
    connection.registerScalarFunction(
      DuckDBScalarFunction.create({
        name: udf.name,
        returnType: TYPES[udf.returns]!,
        parameterTypes: udf.parameters.map((name) => TYPES[name]!),
        mainFunction: (_info, input, output) => {
          const vectors = udf.parameters.map((_, index) => input.getColumnVector(index));
          for (let row = 0; row < input.rowCount; row++) {
            output.setItem(row, fn(...vectors.map((vector) => vector.getItem(row))) as string | null);
          }
          output.flush();
        },
      }),
    );
  }
}
