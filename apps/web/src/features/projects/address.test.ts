import { describe, expect, it } from 'vitest';
import { PROJECT_PARAM, projectSearch } from './address';

describe('projectSearch', () => {
  it('names the project in the search, encoded', () => {
    expect(projectSearch('a b&c')).toBe('?project=a+b%26c');
    expect(new URLSearchParams(projectSearch('a b&c')).get(PROJECT_PARAM)).toBe('a b&c');
  });
});
