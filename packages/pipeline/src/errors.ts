/** HTTP status a pipeline error answers with: 400 for wrong shapes and values, 422 for semantic errors. */
export type PipelineErrorStatus = 400 | 422;

/**
 * The one error this package throws for bad pipelines.
 * `message` is a fixed text of the spec (§8) or a short semantic message; `details` says what is wrong;
 * `path` locates it in the pipeline JSON (`$`, `$.inputs[0].props.on[1][0]`, …).
 */
export class PipelineError extends Error {
  override readonly name = 'PipelineError';
  readonly status: PipelineErrorStatus;
  readonly details: string;
  readonly path: string;

  constructor(message: string, status: PipelineErrorStatus, details: string, path: string) {
    super(message);
    this.status = status;
    this.details = details;
    this.path = path;
  }
}

/**
 * A location in the pipeline JSON plus the message its 400 errors carry.
 * Validation code passes sites down instead of building paths and messages by hand.
 */
export class Site {
  constructor(
    readonly path: string,
    /** Message of the 400 errors raised at this site (e.g. `Invalid props for limit node`). */
    readonly message: string,
  ) {}

  at(segment: string | number): Site {
    const path = typeof segment === 'number' ? `${this.path}[${segment}]` : `${this.path}.${segment}`;
    return new Site(path, this.message);
  }

  /** Same location, another message for its 400 errors. */
  withMessage(message: string): Site {
    return new Site(this.path, message);
  }

  /** A wrong shape or value: 400 with this site's message. */
  fail(details: string): never {
    throw new PipelineError(this.message, 400, details, this.path);
  }

  /** A semantic error (unknown column, type mismatch, unsupported on this engine): 422. */
  reject(message: string, details = message): never {
    throw new PipelineError(message, 422, details, this.path);
  }
}

/** Shortens a user-supplied string for use inside an error text. */
export function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A user-supplied name as it appears in error texts: JSON-quoted and clipped. */
export function quoteForMessage(text: string): string {
  return JSON.stringify(clip(text));
}
