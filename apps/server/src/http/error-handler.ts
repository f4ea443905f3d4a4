import { AppStatusCode, type ErrorBody } from '@atlas/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors.js';
import { databaseInputError } from './input-errors.js';
import { redactPaths } from './redact.js';

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query string', params: 'path parameter', headers: 'header' };

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  const answer = { ...body, message: redactPaths(body.message), details: redactPaths(body.details) };
  return reply.status(status).type('application/json; charset=utf-8').send(answer);
}

type ValidationItem = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** "body/name must be string; body must NOT have additional property 'foo'" */
function describeValidation(items: ValidationItem[], part: string): string {
  return items
    .map((item) => {
      const where = `${part}${item.instancePath ?? ''}`;
      const extra = item.params?.additionalProperty;
      return extra ? `${where} must not have property '${String(extra)}'` : `${where} ${item.message ?? 'is invalid'}`;
    })
    .join('; ');
}

const STATUS_CODES: Record<number, AppStatusCode> = {
  400: AppStatusCode.BadRequest,
  401: AppStatusCode.Unauthorized,
  403: AppStatusCode.Forbidden,
  404: AppStatusCode.NotFound,
  406: AppStatusCode.NotAcceptable,
  409: AppStatusCode.Conflict,
  413: AppStatusCode.PayloadTooLarge,
  415: AppStatusCode.UnsupportedMediaType,
  429: AppStatusCode.TooManyRequests,
};

/** The one place that turns any thrown error into the spec's error shape. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!(error instanceof AppError)) error = databaseInputError(error) ?? error;
    if (error instanceof AppError) {
      return send(reply, error.statusCode, { message: error.message, details: error.details, appStatusCode: error.appStatusCode });
    }
    if (error.validation) {
      const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'request';
      return send(reply, 400, {
        message: `Invalid request ${part}`,
        details: describeValidation(error.validation as ValidationItem[], part),
        appStatusCode: AppStatusCode.ValidationFailed,
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return send(reply, 400, { message: 'Malformed JSON body', details: error.message, appStatusCode: AppStatusCode.MalformedJson });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: error.message, details: '', appStatusCode: STATUS_CODES[status] ?? AppStatusCode.BadRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: 'Internal server error', details: '', appStatusCode: AppStatusCode.InternalError });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      message: 'Route not found',
      details: `${request.method} ${request.url.split('?')[0]}`,
      appStatusCode: AppStatusCode.RouteNotFound,
    }),
  );
}
