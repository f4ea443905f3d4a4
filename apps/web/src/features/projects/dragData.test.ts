import { describe, expect, it } from 'vitest';
import { decodeDragItem, encodeDragItem } from './dragData';

describe('drag data', () => {
  it('reads back what it wrote', () => {
    const resource = { kind: 'resource', resourceType: 'insight', resourceId: 'i1', name: 'Footfall' } as const;
    const entry = { kind: 'entry', entryId: 'e1', name: 'Stores' } as const;
    expect(decodeDragItem(encodeDragItem(resource))).toEqual(resource);
    expect(decodeDragItem(encodeDragItem(entry))).toEqual(entry);
  });

  it('refuses data that is not a project item', () => {
    expect(decodeDragItem('not json')).toBeNull();
    expect(decodeDragItem('"text"')).toBeNull();
    expect(decodeDragItem('null')).toBeNull();
    expect(decodeDragItem(JSON.stringify({ kind: 'resource', resourceType: 'workbook', resourceId: 'w1' }))).toBeNull();
    expect(decodeDragItem(JSON.stringify({ kind: 'resource', resourceType: 'map', resourceId: '' }))).toBeNull();
    expect(decodeDragItem(JSON.stringify({ kind: 'entry' }))).toBeNull();
  });

  it('keeps an item without a name, naming it empty', () => {
    expect(decodeDragItem(JSON.stringify({ kind: 'entry', entryId: 'e1' }))).toEqual({ kind: 'entry', entryId: 'e1', name: '' });
  });
});
