import { describe, expect, it } from 'vitest';
import type { ProjectFolder, ProjectResource } from '@atlas/domain';
import { ROOT_LABEL, buildTree, destinations, subtreeCounts } from './tree';

const at = '2026-01-01T00:00:00.000Z';
const folder = (id: string, name: string, parentId: string | null = null): ProjectFolder => ({ id, name, parentId, createdAt: at, updatedAt: at });
const entry = (id: string, folderId: string | null): ProjectResource => ({
  id,
  folderId,
  resourceType: 'map',
  resource: { id: `r-${id}`, name: `Map ${id}`, description: '', updatedAt: at },
  createdAt: at,
  updatedAt: at,
});

describe('buildTree', () => {
  const folders = [folder('b', 'Zeta'), folder('a', 'alpha'), folder('c', 'Child', 'a'), folder('d', 'Deep', 'c')];
  const entries = [entry('1', null), entry('2', 'a'), entry('3', 'd'), entry('4', 'gone')];
  const tree = buildTree(folders, entries);

  it('nests folders under their parent, sorted by name whatever the case', () => {
    expect(tree.folders.map((node) => node.folder.name)).toEqual(['alpha', 'Zeta']);
    expect(tree.folders[0]!.children.map((node) => node.folder.id)).toEqual(['c']);
    expect(tree.folders[0]!.children[0]!.children.map((node) => node.folder.id)).toEqual(['d']);
  });

  it('files each entry in its folder, and at the top level when it has none or its folder is unknown', () => {
    expect(tree.rootEntries.map((item) => item.id)).toEqual(['1', '4']);
    expect(tree.folders[0]!.entries.map((item) => item.id)).toEqual(['2']);
    expect(tree.folders[0]!.children[0]!.children[0]!.entries.map((item) => item.id)).toEqual(['3']);
  });

  it('counts what lies below a folder at any depth', () => {
    expect(subtreeCounts(tree.folders[0]!)).toEqual({ folders: 2, entries: 2 });
    expect(subtreeCounts(tree.folders[1]!)).toEqual({ folders: 0, entries: 0 });
  });

  it('lists every destination in tree order with its path', () => {
    expect(destinations(tree)).toEqual([
      { folderId: null, label: ROOT_LABEL },
      { folderId: 'a', label: 'alpha' },
      { folderId: 'c', label: 'alpha / Child' },
      { folderId: 'd', label: 'alpha / Child / Deep' },
      { folderId: 'b', label: 'Zeta' },
    ]);
  });
});
