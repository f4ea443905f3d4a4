import { AppStatusCode } from '@atlas/domain';

/** A failure the error handler turns into `{message, details, appStatusCode}` with this HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly appStatusCode: AppStatusCode,
    readonly details = '',
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details = '') => new AppError(400, message, AppStatusCode.BadRequest, details);
export const unauthorized = (message = 'Authentication required', details = '', code: AppStatusCode = AppStatusCode.Unauthorized) =>
  new AppError(401, message, code, details);
export const forbidden = (message: string, details = '') => new AppError(403, message, AppStatusCode.Forbidden, details);
export const notFound = (message: string, details = '') => new AppError(404, message, AppStatusCode.NotFound, details);
export const conflict = (message: string, details = '') => new AppError(409, message, AppStatusCode.Conflict, details);
export const invalidInput = (message: string, details = '') => new AppError(422, message, AppStatusCode.InvalidInput, details);
