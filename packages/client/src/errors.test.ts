import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from './errors.js';

const URL_ = 'https://api.test/v1/maps';
const fromBody = (body: string | null, status = 400) => errorFromResponse(new Response(body, { status }), URL_);

describe('errorFromResponse', () => {
  it('reads the JSON error body with details', async () => {
    const text = JSON.stringify({ message: 'Invalid input', details: 'name is required', appStatusCode: 'VALIDATION_FAILED' });
    const error = await fromBody(text, 422);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Invalid input');
    expect(error.details).toBe('name is required');
    expect(error.appStatusCode).toBe('VALIDATION_FAILED');
    expect(error.url).toBe(URL_);
    expect(error.responseText).toBe(text);
    expect(error.displayText).toBe('Invalid input (name is required)');
    expect(error.debugText).toBe(`Server Error: ${text} when calling ${URL_}`);
  });

  it('reads a JSON body without details or app status code', async () => {
    const error = await fromBody('{"message":"Not found"}', 404);
    expect(error.message).toBe('Not found');
    expect(error.details).toBe('');
    expect(error.appStatusCode).toBeNull();
    expect(error.displayText).toBe('Not found');
  });

  it('stringifies non-string details', async () => {
    const error = await fromBody('{"message":"Bad","details":{"field":"name"},"appStatusCode":"BAD_REQUEST"}');
    expect(error.details).toBe('{"field":"name"}');
    expect(error.displayText).toBe('Bad ({"field":"name"})');
  });

  it('uses the raw text of a non-JSON body', async () => {
    const html = '  <html><body>502 Bad Gateway</body></html>\n';
    const error = await fromBody(html, 502);
    expect(error.message).toBe('<html><body>502 Bad Gateway</body></html>');
    expect(error.details).toBe('');
    expect(error.appStatusCode).toBeNull();
    expect(error.debugText).toBe(`Server Error: ${html} when calling ${URL_}`);
  });

  it('uses the raw text of JSON that lacks a string message', async () => {
    const error = await fromBody('{"error":"nope"}');
    expect(error.message).toBe('{"error":"nope"}');
  });

  it('falls back to Unknown Server Error for an empty body', async () => {
    const error = await fromBody(null, 500);
    expect(error.message).toBe('Unknown Server Error');
    expect(error.displayText).toBe('Unknown Server Error');
    expect(error.debugText).toBe(`Server Error: Unknown Server Error when calling ${URL_}`);
  });

  it('still reports the status when the body was already read', async () => {
    const response = new Response('{"message":"x"}', { status: 409 });
    await response.text();
    const error = await errorFromResponse(response, URL_);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Unknown Server Error');
  });
});
