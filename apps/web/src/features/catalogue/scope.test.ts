import { describe, expect, it } from 'vitest';
import { parseScope } from './scope';

describe('parseScope', () => {
  it('reads the scope, the user’s own by default', () => {
    expect(parseScope('shared')).toBe('shared');
    expect(parseScope('everything')).toBe('mine');
    expect(parseScope(null)).toBe('mine');
  });
});
