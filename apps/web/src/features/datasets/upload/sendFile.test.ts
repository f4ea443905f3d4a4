import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@atlas/client';
import { dataUrl, isAbort, sendFile } from './sendFile';

type Handler = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

/** Enough of XMLHttpRequest to drive sendFile: records what was sent and lets the test play the network. */
class FakeRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function start(signal = new AbortController().signal) {
  const request = new FakeRequest();
  const onProgress = vi.fn();
  const onSent = vi.fn();
  const file = new Blob(['lat,lng\n1,2\n'], { type: 'text/csv' });
  const promise = sendFile({
    datasetId: 'd/1',
    file,
    format: 'csv',
    compression: null,
    token: 'tok',
    signal,
    onProgress,
    onSent,
    createRequest: () => request as unknown as XMLHttpRequest,
  });
  return { request, onProgress, onSent, file, promise };
}

describe('dataUrl', () => {
  it('names the format and the compression, leaving out what the server reads itself', () => {
    expect(dataUrl('d', 'csv', 'gzip')).toBe('/v1/datasets/d/data?format=csv&compression=gzip');
    expect(dataUrl('d', null, 'zip')).toBe('/v1/datasets/d/data?compression=zip');
  });
});

describe('sendFile', () => {
  it('PUTs the File itself as the body with the format and the bearer token, reporting bytes and the end of sending', async () => {
    const { request, onProgress, onSent, file, promise } = start();
    expect(request).toMatchObject({ method: 'PUT', url: '/v1/datasets/d%2F1/data?format=csv' });
    expect(request.headers).toEqual({ authorization: 'Bearer tok', 'content-type': 'application/octet-stream' });
    expect(request.body).toBe(file);
    request.upload.onprogress?.({ loaded: 4, total: 12, lengthComputable: true });
    request.upload.onload?.();
    expect(onProgress).toHaveBeenCalledWith(4, 12);
    expect(onSent).toHaveBeenCalledOnce();
    request.answer(200, { id: 'd/1', status: 'ready' });
    await expect(promise).resolves.toEqual({ id: 'd/1', status: 'ready' });
  });

  it('turns an error answer into an ApiError reading "message (details)"', async () => {
    const { request, promise } = start();
    request.answer(415, { message: 'Unsupported content type', details: 'Send text/csv', appStatusCode: 'UNSUPPORTED_MEDIA_TYPE' });
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).displayText).toBe('Unsupported content type (Send text/csv)');
  });

  it('reports a lost connection as a network error', async () => {
    const { request, promise } = start();
    request.onerror?.();
    await expect(promise).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });

  it('aborts the request when the signal fires, rejecting with an AbortError', async () => {
    const controller = new AbortController();
    const { request, promise } = start(controller.signal);
    controller.abort();
    expect(request.aborted).toBe(true);
    const error = await promise.catch((caught: unknown) => caught);
    expect(isAbort(error)).toBe(true);
  });
});
