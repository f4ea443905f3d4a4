/** Collects bound values while SQL text is assembled, handing out $n placeholders: no value is ever spliced into SQL. */
export class Params {
  readonly values: unknown[] = [];

  constructor(initial: readonly unknown[] = []) {
    this.values.push(...initial);
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A LIKE pattern matching `text` literally anywhere: its own %, _ and \ are escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
