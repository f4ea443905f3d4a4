// SQL text helpers. Names enter SQL only through a dialect's `ident` (dialects.ts); values only as `$n` parameters.

/** Positional parameters `$1`, `$2`, … and their values. */
export class ParamList {
  readonly values: unknown[] = [];

  constructor(private readonly offset = 0) {}

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}`;
  }

  get count(): number {
    return this.offset + this.values.length;
  }
}
