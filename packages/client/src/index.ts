export { ApiError, errorFromResponse, parseErrorText, type ApiErrorInit } from './errors.js';
export {
  createHttp,
  buildQuery,
  type Http,
  type HttpOptions,
  type Query,
  type QueryValue,
  type RequestOptions,
  type ResponseType,
} from './http.js';
export { createApiClient, type ApiClient } from './api.js';
export { uploadWithPolicy, UPLOAD_POLICY_EXPIRED } from './catalogue/uploads.js';
export { UPLOAD_CONTENT_TYPES, type DatasetUploadFormat } from './catalogue/datasets.js';
