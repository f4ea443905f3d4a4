import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ProjectFolder, ProjectResource } from '@atlas/domain';
import { folderDeletionText } from './ProjectDialogs';
import { ProjectTree, type TreeEditing } from './ProjectTree';
import { buildTree, destinations } from './tree';

const at = '2026-01-01T00:00:00.000Z';
const folders: ProjectFolder[] = [
  { id: 'f1', name: 'Plans', parentId: null, createdAt: at, updatedAt: at },
  { id: 'f2', name: 'Old', parentId: 'f1', createdAt: at, updatedAt: at },
];
const entries: ProjectResource[] = [
  { id: 'e1', folderId: 'f1', resourceType: 'map', resource: { id: 'm1', name: 'Stores map', description: '', updatedAt: at }, createdAt: at, updatedAt: at },
  { id: 'e2', folderId: 'f2', resourceType: 'insight', resource: { id: 'i1', name: 'Footfall', description: '', updatedAt: at }, createdAt: at, updatedAt: at },
];
const tree = buildTree(folders, entries);
const noop = () => undefined;
const editing: TreeEditing = {
  entry: { destinations: destinations(tree), busy: false, onMove: noop, onRemove: noop },
  onDropItem: noop,
  onNewFolder: noop,
  onRenameFolder: noop,
  onDeleteFolder: noop,
};
const render = (edit: TreeEditing | null, shown = tree) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProjectTree tree={shown} edit={edit} />
    </MemoryRouter>,
  );

describe('ProjectTree', () => {
  it('shows each entry by name with a link to its screen, in its folder', () => {
    const html = render(null);
    expect(html).toMatch(/data-folder="f1".*href="\/m1"[^>]*>Stores map<\/a>/s);
    expect(html).toMatch(/data-folder="f2".*href="\/dashboard\/i1"[^>]*>Footfall<\/a>/s);
    expect(html).toContain('Nothing is filed at the top level of this project.');
  });

  it('offers no control to someone who may only look', () => {
    const html = render(null);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('<select');
    expect(html).not.toContain('draggable="true"');
  });

  it('offers folder controls, a move list and Remove to someone who may change the project', () => {
    const html = render(editing);
    for (const label of ['New folder in Plans', 'Rename folder Plans', 'Delete folder Old', 'Move Stores map to', 'Remove Footfall from the project']) expect(html).toContain(label);
    expect(html).toContain('draggable="true"');
    expect(html).toContain('Plans / Old</option>');
  });

  it('says why a project without folders is empty', () => {
    expect(render(editing, buildTree([], []))).toContain('No folders yet. Create one with “New folder”.');
    expect(render(null, buildTree([], []))).toContain('This project has no folders.');
  });
});

describe('folderDeletionText', () => {
  it('says what the folder takes with it, and that the resources stay', () => {
    expect(folderDeletionText(tree.folders[0]!)).toBe('The folder goes away with its 1 subfolder and 2 entries. The maps, datasets, dashboards and map styles filed in it stay in the workspace.');
    expect(folderDeletionText(tree.folders[0]!.children[0]!)).toBe('The folder goes away with its 1 entry. The maps, datasets, dashboards and map styles filed in it stay in the workspace.');
    expect(folderDeletionText({ folder: folders[0]!, entries: [], children: [] })).toMatch(/^The folder goes away\. /);
  });
});
