// The error contract of bi-and-admin.md §8: every non-OK response becomes one ApiError.
import { Messages } from '@atlas/domain';

export interface ApiErrorInit {
  status: number;
  message: string;
  details?: string;
  appStatusCode?: string | null;
  url: string;
  responseText?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  override readonly message: string;
  readonly status: number;
  readonly details: string;
  readonly appStatusCode: string | null;
  readonly url: string;
  readonly responseText: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.message = init.message;
    this.status = init.status;
    this.details = init.details ?? '';
    this.appStatusCode = init.appStatusCode ?? null;
    this.url = init.url;
    this.responseText = init.responseText ?? '';
  }

  /** What a person sees: "message (details)". */
  get displayText(): string {
    return this.details ? `${this.message} (${this.details})` : this.message;
  }

  /** What a developer sees: the raw body, so proxy pages and stack dumps stay visible. */
  get debugText(): string {
    return `Server Error: ${this.responseText || this.message} when calling ${this.url}`;
  }
}

type ParsedBody = Pick<ApiErrorInit, 'message' | 'details' | 'appStatusCode'>;

/** Reads an error body: our JSON shape, else the raw text (e.g. an HTML proxy page), else the fallback. */
export function parseErrorText(text: string): ParsedBody {
  const json = tryParseJson(text);
  if (isRecord(json) && typeof json.message === 'string') {
    const { message, details, appStatusCode } = json;
    return {
      message,
      details: details === undefined || details === null ? '' : typeof details === 'string' ? details : JSON.stringify(details),
      appStatusCode: typeof appStatusCode === 'string' ? appStatusCode : null,
    };
  }
  const trimmed = text.trim();
  return { message: trimmed || Messages.unknownServerError, details: '', appStatusCode: null };
}

export async function errorFromResponse(response: Response, url: string): Promise<ApiError> {
  // The body may already be gone (consumed or aborted); the status alone must still surface.
  const responseText = await response.text().catch(() => '');
  return new ApiError({ status: response.status, url, responseText, ...parseErrorText(responseText) });
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
