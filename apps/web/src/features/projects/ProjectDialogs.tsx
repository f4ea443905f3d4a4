// The dialogs of an open project: rename it, delete it, share it, and create, rename or delete a folder.
import type { UseMutationResult } from '@tanstack/react-query';
import type { Project, ProjectFolder } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ShareDialog } from '../sharing';
import { NameDialog } from './NameDialog';
import { subtreeCounts, type FolderNode } from './tree';
import type { ProjectActions } from './useProjectActions';

export type ProjectDialogState =
  | { kind: 'rename' | 'delete' | 'share' }
  | { kind: 'new-folder'; parentId: string | null }
  | { kind: 'rename-folder'; folder: ProjectFolder }
  | { kind: 'delete-folder'; node: FolderNode };

export interface ProjectDialogsProps {
  dialog: ProjectDialogState;
  project: Project;
  update: UseMutationResult<Project, Error, { name: string; description?: string }>;
  remove: UseMutationResult<void, Error, void>;
  actions: ProjectActions;
  onClose(): void;
}

const failure = (mutation: { isError: boolean; error: unknown }) => (mutation.isError ? errorText(mutation.error) : null);
const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** What deleting a folder takes with it, said before it happens. */
export function folderDeletionText(node: FolderNode): string {
  const { folders, entries } = subtreeCounts(node);
  const parts = [folders > 0 && plural(folders, 'subfolder', 'subfolders'), entries > 0 && plural(entries, 'entry', 'entries')].filter(Boolean);
  const taken = parts.length > 0 ? ` with its ${parts.join(' and ')}` : '';
  return `The folder goes away${taken}. The maps, datasets, dashboards and map styles filed in it stay in the workspace.`;
}

export function ProjectDialogs({ dialog, project, update, remove, actions, onClose }: ProjectDialogsProps) {
  const after = { onSuccess: onClose };
  switch (dialog.kind) {
    case 'rename':
      return (
        <NameDialog
          title="Rename project"
          label="Project name"
          confirmLabel="Save"
          initialName={project.name}
          initialDescription={project.description}
          busy={update.isPending}
          error={failure(update)}
          onSubmit={(values) => update.mutate(values, after)}
          onClose={onClose}
        />
      );
    case 'share':
      return <ShareDialog target={{ resourceType: 'project', resourceId: project.id, name: project.name }} onClose={onClose} />;
    case 'delete':
      return (
        <ConfirmDialog
          title={`Delete “${project.name}”?`}
          confirmLabel="Delete project"
          danger
          busy={remove.isPending}
          error={failure(remove)}
          onConfirm={() => remove.mutate()}
          onClose={onClose}
        >
          The project, its folders and its sharing go away for everyone it is shared with. The maps, datasets, dashboards and map styles in it stay. This
          cannot be undone.
        </ConfirmDialog>
      );
    case 'new-folder': {
      const parent = dialog.parentId ? project.folders.find((folder) => folder.id === dialog.parentId) : undefined;
      return (
        <NameDialog
          title={parent ? `New folder in “${parent.name}”` : 'New folder'}
          label="Folder name"
          confirmLabel="Create folder"
          busy={actions.createFolder.isPending}
          error={failure(actions.createFolder)}
          onSubmit={({ name }) => actions.createFolder.mutate({ name, parentId: dialog.parentId }, after)}
          onClose={onClose}
        />
      );
    }
    case 'rename-folder':
      return (
        <NameDialog
          title="Rename folder"
          label="Folder name"
          confirmLabel="Save"
          initialName={dialog.folder.name}
          busy={actions.renameFolder.isPending}
          error={failure(actions.renameFolder)}
          onSubmit={({ name }) => actions.renameFolder.mutate({ folderId: dialog.folder.id, name }, after)}
          onClose={onClose}
        />
      );
    case 'delete-folder':
      return (
        <ConfirmDialog
          title={`Delete folder “${dialog.node.folder.name}”?`}
          confirmLabel="Delete folder"
          danger
          busy={actions.removeFolder.isPending}
          error={failure(actions.removeFolder)}
          onConfirm={() => actions.removeFolder.mutate(dialog.node.folder.id, after)}
          onClose={onClose}
        >
          {folderDeletionText(dialog.node)}
        </ConfirmDialog>
      );
  }
}
