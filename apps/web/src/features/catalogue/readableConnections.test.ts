import type { DataConnection } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { mergeConnections } from './readableConnections';

const connection = (id: string, name: string) => ({ id, name }) as DataConnection;

describe('mergeConnections', () => {
  it('lists a connection in both lists once, everything by name', () => {
    const own = [connection('b', 'Warehouse'), connection('a', 'Analytics')];
    const organization = [connection('b', 'Warehouse'), connection('c', 'Lake')];
    expect(mergeConnections(own, organization).map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });
});
