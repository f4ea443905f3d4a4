// The project's contents: its top level, then each folder (nested) with the entries filed in it. Every place takes
// dropped items when the user may change the project.
import type { ProjectFolder, ProjectResource } from '@atlas/domain';
import { DropZone } from './DropZone';
import { FOLDER_PATH } from './ProjectPicture';
import { EntryRow, type EntryRowProps } from './EntryRow';
import type { DragItem } from './placement';
import { ROOT_LABEL, type FolderNode, type ProjectTree as Tree } from './tree';

export interface TreeEditing {
  entry: NonNullable<EntryRowProps['edit']>;
  onDropItem(item: DragItem, folderId: string | null): void;
  onNewFolder(parentId: string | null): void;
  onRenameFolder(folder: ProjectFolder): void;
  onDeleteFolder(node: FolderNode): void;
}

export interface ProjectTreeProps {
  tree: Tree;
  /** null: the user may only look. */
  edit: TreeEditing | null;
}

const ROOT_EMPTY_EDIT = 'Nothing at the top level. Drag a map, dataset, dashboard or map style here, or add one from “Add to this project”.';
const ROOT_EMPTY_READ = 'Nothing is filed at the top level of this project.';
const FOLDER_EMPTY_EDIT = 'This folder is empty. Drag an item here, or choose this folder in “Add to this project”.';
const FOLDER_EMPTY_READ = 'This folder is empty.';

function Entries({ entries, edit, empty }: { entries: ProjectResource[]; edit: TreeEditing | null; empty: string }) {
  if (entries.length === 0) return <p className="project-place__empty">{empty}</p>;
  return (
    <ul className="project-place__entries">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} edit={edit?.entry ?? null} />
      ))}
    </ul>
  );
}

function FolderSection({ node, edit }: { node: FolderNode; edit: TreeEditing | null }) {
  const { folder } = node;
  const count = node.entries.length;
  return (
    <DropZone
      folderId={folder.id}
      enabled={edit !== null}
      onDropItem={(item, folderId) => edit?.onDropItem(item, folderId)}
      className="project-place project-place--folder"
      label={`Folder ${folder.name}`}
      marker={{ 'data-folder': folder.id }}
    >
      <header className="project-place__head">
        <h3 className="project-place__title">
          <svg viewBox="0 0 24 24" className="project-place__icon" aria-hidden="true" focusable="false">
            <path d={FOLDER_PATH} />
          </svg>
          {folder.name}
        </h3>
        <span className="project-place__count">{count === 1 ? '1 item' : `${count} items`}</span>
        {edit && (
          <span className="project-place__actions">
            <button type="button" className="button button--ghost" onClick={() => edit.onNewFolder(folder.id)} aria-label={`New folder in ${folder.name}`}>
              New subfolder
            </button>
            <button type="button" className="button button--ghost" onClick={() => edit.onRenameFolder(folder)} aria-label={`Rename folder ${folder.name}`}>
              Rename
            </button>
            <button type="button" className="button button--ghost project-place__delete" onClick={() => edit.onDeleteFolder(node)} aria-label={`Delete folder ${folder.name}`}>
              Delete
            </button>
          </span>
        )}
      </header>
      <Entries entries={node.entries} edit={edit} empty={edit ? FOLDER_EMPTY_EDIT : FOLDER_EMPTY_READ} />
      {node.children.length > 0 && (
        <div className="project-place__children">
          {node.children.map((child) => (
            <FolderSection key={child.folder.id} node={child} edit={edit} />
          ))}
        </div>
      )}
    </DropZone>
  );
}

export function ProjectTree({ tree, edit }: ProjectTreeProps) {
  return (
    <div className="project-tree">
      <DropZone
        folderId={null}
        enabled={edit !== null}
        onDropItem={(item, folderId) => edit?.onDropItem(item, folderId)}
        className="project-place project-place--root"
        label={ROOT_LABEL}
        marker={{ 'data-folder': 'root' }}
      >
        <header className="project-place__head">
          <h3 className="project-place__title">{ROOT_LABEL}</h3>
        </header>
        <Entries entries={tree.rootEntries} edit={edit} empty={edit ? ROOT_EMPTY_EDIT : ROOT_EMPTY_READ} />
      </DropZone>
      {tree.folders.length === 0 ? (
        <p className="project-place__empty project-tree__no-folders">{edit ? 'No folders yet. Create one with “New folder”.' : 'This project has no folders.'}</p>
      ) : (
        tree.folders.map((node) => <FolderSection key={node.folder.id} node={node} edit={edit} />)
      )}
    </div>
  );
}
