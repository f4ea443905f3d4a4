import { describe, expect, it } from 'vitest';
import type { DataConnection } from '@atlas/domain';
import { parseConnectionScope, shownConnections } from './listing';
import { previewSql, quoteIdentifier } from './preview';

const connection = (name: string, type: DataConnection['type'], updatedAt: string): DataConnection => ({
  id: name,
  name,
  type,
  options: {},
  hasPassword: false,
  actions: ['read'],
  ownerId: 'u',
  organizationId: 'o',
  visibility: 'private',
  createdAt: updatedAt,
  updatedAt,
});

describe('the connection list', () => {
  const items = [connection('Sales', 'postgres', '2026-01-01T00:00:00Z'), connection('Lake', 's3', '2026-03-01T00:00:00Z'), connection('Ops', 'snowflake', '2026-02-01T00:00:00Z')];

  it('shows the last changed first', () => {
    expect(shownConnections(items, '').map((item) => item.name)).toEqual(['Lake', 'Ops', 'Sales']);
  });

  it('searches names and type labels, in any case', () => {
    expect(shownConnections(items, 'SAL').map((item) => item.name)).toEqual(['Sales']);
    expect(shownConnections(items, 'postgresql').map((item) => item.name)).toEqual(['Sales']);
    expect(shownConnections(items, 'amazon').map((item) => item.name)).toEqual(['Lake']);
  });

  it('reads the scope from the address, yours by default', () => {
    expect(parseConnectionScope('organization')).toBe('organization');
    expect(parseConnectionScope('shared')).toBe('mine');
    expect(parseConnectionScope(null)).toBe('mine');
  });
});

describe('the row preview', () => {
  it('quotes names as written and asks for one row more than it shows', () => {
    expect(quoteIdentifier('postgres', 'Odd "name"')).toBe('"Odd ""name"""');
    expect(previewSql('postgres', 'public', 'Visits 2024')).toBe('SELECT * FROM "public"."Visits 2024" LIMIT 21');
    // Backticks where the warehouse reads double quotes as a string.
    expect(previewSql('databricks', 'web', 'odd`name')).toBe('SELECT * FROM `web`.`odd``name` LIMIT 21');
    expect(previewSql('big-query', 'web', 'odd`na\\me')).toBe('SELECT * FROM `web`.`odd\\`na\\\\me` LIMIT 21');
  });
});
