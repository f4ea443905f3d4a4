import { describe, expect, it } from 'vitest';
import { NAME_MAX, nameProblem } from './names';

describe('nameProblem', () => {
  it('asks for a name that is not only spaces', () => {
    expect(nameProblem('')).toBe('Enter a name.');
    expect(nameProblem('   ')).toBe('Enter a name.');
  });

  it('takes up to the server’s length, spaces around it aside', () => {
    expect(nameProblem(` ${'x'.repeat(NAME_MAX)} `)).toBeNull();
    expect(nameProblem('x'.repeat(NAME_MAX + 1))).toBe('A name has at most 200 characters.');
  });
});
