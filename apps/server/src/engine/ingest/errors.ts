import { AppStatusCode } from '@atlas/domain';
import { AppError } from '../../http/errors.js';
import { redactPaths } from '../../http/redact.js';

/** An upload that cannot become data; its message (and details) become the dataset's errorMessage, so no paths. */
export class IngestError extends AppError {
  constructor(message: string, details = '') {
    super(422, redactPaths(message), AppStatusCode.InvalidInput, redactPaths(details));
  }
}

/** DuckDB's message, first line only (the rest is hints and context lines). */
export const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim().slice(0, 500);
