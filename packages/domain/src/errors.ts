import { Type, type Static } from 'typebox';

/**
 * Application status codes carried in every error body beside the HTTP status.
 * They name the failure for programs; `message` names it for people.
 */
export const AppStatusCode = {
  BadRequest: 'BAD_REQUEST',
  MalformedJson: 'MALFORMED_JSON',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  PasswordRequired: 'PASSWORD_REQUIRED',
  TokenExpired: 'TOKEN_EXPIRED',
  QuotaExceeded: 'QUOTA_EXCEEDED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  RouteNotFound: 'ROUTE_NOT_FOUND',
  NotAcceptable: 'NOT_ACCEPTABLE',
  QueryTimeout: 'QUERY_TIMEOUT',
  QueryCancelled: 'QUERY_CANCELLED',
  Conflict: 'CONFLICT',
  Locked: 'LOCKED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  InvalidInput: 'INVALID_INPUT',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  InternalError: 'INTERNAL_ERROR',
  NotImplemented: 'NOT_IMPLEMENTED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type AppStatusCode = (typeof AppStatusCode)[keyof typeof AppStatusCode];

/** The one error body of bi-and-admin.md section 8. */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    details: Type.String(),
    appStatusCode: Type.String(),
  },
  { title: 'ErrorBody', description: 'Every non-OK answer carries this body.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Messages fixed by the spec, used verbatim by server and client. */
export const Messages = {
  unknownServerError: 'Unknown Server Error',
  recordNotUploadReady: 'Record is not upload-ready',
  noUserForEmail: (email: string) => `No user found for email ${email}`,
  multipleUsersForEmail: (email: string) => `Multiple users found for email ${email}`,
  configNotFound: 'The requested config was not found',
  multipleConfigs: 'Multiple configs found for template group and organization',
  parameterNotListed: (id: string) => `Parameter ${id} is not listed in queryParameters`,
  assetNotMapStyle: 'Asset is not a Map Style',
  assetNotColorPalette: 'Asset is not a Color Palette',
  couldNotSaveProjectResource: 'Could not save project resource',
  invalidResponseType: 'Invalid response type',
  unsupportedContentType: 'Unsupported content type',
  notDatabaseConnection: 'Not a database connection',
  invalidNodeProps: (node: string) => `Invalid props for ${node} node`,
  invalidEnrichmentProp: (field: string) => `Invalid prop for enrichment node: ${field}`,
  unsupportedGeometryType: (type: string) => `Unsupported geometry type: ${type}`,
  hexTileIndexMetadata: 'HexTile index does not include required metadata',
  couldNotDeserializeViewport: 'Could not deserialize index viewport',
  nonNumericViewport: (field: string) => `Got non-numeric value for viewport.${field} metadata`,
  rollupNeedsRowsOrColumns: 'Please specify rows or columns for rollup',
  couldNotParseQueryTemplate: 'Could not parse query template',
  passwordProtected: 'This item is password-protected',
  incorrectPassword: 'Incorrect password',
} as const;
