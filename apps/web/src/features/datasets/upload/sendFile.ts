// PUT /v1/datasets/{id}/data through XMLHttpRequest, the one browser API that reports upload progress over HTTP/1.1
// (fetch cannot, and streams request bodies only over HTTP/2). The File goes as the body: the browser reads it from
// disk as it sends, so nothing is held whole in memory.
import { ApiError, buildQuery, parseErrorText } from '@atlas/client';
import { PLACEHOLDER_TOKEN, type Dataset } from '@atlas/domain';
import type { UploadCompression, UploadFormat } from './fileKind';

export interface SendFileOptions {
  datasetId: string;
  file: Blob;
  /** Null for a zip: the server reads it from the name of the file inside. */
  format: UploadFormat | null;
  compression: UploadCompression | null;
  token: string | null;
  signal: AbortSignal;
  onProgress(sentBytes: number, totalBytes: number): void;
  /** Every byte is sent: the server is converting until it answers. */
  onSent(): void;
  /** For tests: the request object to use. */
  createRequest?: () => XMLHttpRequest;
}

export const dataUrl = (datasetId: string, format: UploadFormat | null, compression: UploadCompression | null = null) =>
  `/v1/datasets/${encodeURIComponent(datasetId)}/data${buildQuery({ format: format ?? undefined, compression: compression ?? undefined })}`;

/** Resolves to the dataset the server answers (ready, or error with its reason); rejects with an ApiError or an AbortError. */
export function sendFile({ datasetId, file, format, compression, token, signal, onProgress, onSent, createRequest = () => new XMLHttpRequest() }: SendFileOptions): Promise<Dataset> {
  return new Promise((resolve, reject) => {
    const url = dataUrl(datasetId, format, compression);
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = createRequest();
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);

    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => onSent();
    xhr.onload = () => {
      settle();
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as Dataset);
        } catch (error) {
          reject(new ApiError({ status: xhr.status, message: 'Invalid response type', details: error instanceof Error ? error.message : String(error), url, responseText: text }));
        }
        return;
      }
      reject(new ApiError({ status: xhr.status, url, responseText: text, ...parseErrorText(text) }));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ status: 0, message: 'Network error', details: 'The connection to the server was lost while sending the file', url }));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };

    xhr.open('PUT', url);
    xhr.setRequestHeader('authorization', `Bearer ${token || PLACEHOLDER_TOKEN}`);
    // ?format= and ?compression= name the file, so the body goes as plain bytes whatever type the browser guessed for it.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.send(file);
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
