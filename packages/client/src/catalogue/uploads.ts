// Uploads with a signed POST policy (bi-and-admin.md §5 and §8): straight to storage, never through our JSON API.
import { Messages, type UploadPolicy } from '@atlas/domain';
import { ApiError } from '../errors.js';

export const UPLOAD_POLICY_EXPIRED = 'Upload policy has expired';

export interface UploadOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * POSTs `file` with every policy field before it, the way S3 POST policies (and our local /v1/uploads) expect.
 * Throws 'Record is not upload-ready' without a policy, refuses an expired one before sending, and reports a
 * failed upload with its status and the storage's response text.
 */
export async function uploadWithPolicy(policy: UploadPolicy | null | undefined, file: Blob, options: UploadOptions = {}): Promise<void> {
  if (!policy) throw new Error(Messages.recordNotUploadReady);
  // An unreadable expiration counts as expired: storage would refuse it anyway.
  if (!(Date.parse(policy.expiration) > Date.now())) throw new Error(UPLOAD_POLICY_EXPIRED);

  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  // A Blob without a type would go up as application/octet-stream; the policy says what it is.
  const contentType = policy.fields['Content-Type'];
  form.append('file', !file.type && contentType ? new Blob([file], { type: contentType }) : file);

  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(policy.url, { method: 'POST', body: form, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const details = error instanceof Error ? error.message : String(error);
    throw new ApiError({ status: 0, message: 'Network error', details, url: policy.url, cause: error });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError({ status: response.status, message: `Upload failed with status ${response.status}`, details: text, url: policy.url, responseText: text });
  }
}
