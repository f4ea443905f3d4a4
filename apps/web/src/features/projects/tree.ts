// A project's folders as a tree with the entries filed in each, built from the flat lists the server answers
// (folders carry parentId; entries carry folderId, null meaning the project's top level).
import type { ProjectFolder, ProjectResource } from '@atlas/domain';

export interface FolderNode {
  folder: ProjectFolder;
  entries: ProjectResource[];
  children: FolderNode[];
}

export interface ProjectTree {
  /** Entries in no folder. */
  rootEntries: ProjectResource[];
  folders: FolderNode[];
}

const byName = (a: FolderNode, b: FolderNode) => a.folder.name.localeCompare(b.folder.name, undefined, { sensitivity: 'base' }) || a.folder.id.localeCompare(b.folder.id);

/** Folders sorted by name at every level; an entry or folder whose parent is unknown shows at the top level. */
export function buildTree(folders: readonly ProjectFolder[], entries: readonly ProjectResource[]): ProjectTree {
  const nodes = new Map(folders.map((folder) => [folder.id, { folder, entries: [], children: [] } as FolderNode]));
  const top: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.folder.parentId ? nodes.get(node.folder.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  const rootEntries: ProjectResource[] = [];
  for (const entry of entries) {
    const node = entry.folderId ? nodes.get(entry.folderId) : undefined;
    (node ? node.entries : rootEntries).push(entry);
  }
  const sort = (list: FolderNode[]) => {
    list.sort(byName);
    for (const node of list) sort(node.children);
  };
  sort(top);
  return { rootEntries, folders: top };
}

/** How many subfolders and entries lie below a folder, at any depth (what deleting it takes with it). */
export function subtreeCounts(node: FolderNode): { folders: number; entries: number } {
  return node.children.reduce(
    (sum, child) => {
      const below = subtreeCounts(child);
      return { folders: sum.folders + 1 + below.folders, entries: sum.entries + below.entries };
    },
    { folders: 0, entries: node.entries.length },
  );
}

export interface Destination {
  /** null: the project's top level. */
  folderId: string | null;
  /** "Project root", or the folder's path: "Plans / 2026". */
  label: string;
}

export const ROOT_LABEL = 'Project root';

/** Every place an item can be filed, in tree order: the top level first, then each folder by its path. */
export function destinations(tree: ProjectTree): Destination[] {
  const list: Destination[] = [{ folderId: null, label: ROOT_LABEL }];
  const walk = (nodes: FolderNode[], prefix: string) => {
    for (const node of nodes) {
      const label = prefix ? `${prefix} / ${node.folder.name}` : node.folder.name;
      list.push({ folderId: node.folder.id, label });
      walk(node.children, label);
    }
  };
  walk(tree.folders, '');
  return list;
}
