// One open project: its name, picture and description, its folders with what each holds, and — for those who may
// change it — folder controls, "Add to this project", rename, picture, share and delete.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectResource } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListError, recordAbilities } from '../catalogue';
import { Library } from './Library';
import { ProjectDialogs, type ProjectDialogState } from './ProjectDialogs';
import { PictureButton } from './PictureButton';
import { projectOwner } from './ProjectCard';
import { ProjectPicture } from './ProjectPicture';
import { ProjectTree, type TreeEditing } from './ProjectTree';
import { projectKeys, useProject, useProjectEntries } from './queries';
import { buildTree, destinations } from './tree';
import { useProjectActions } from './useProjectActions';

const BACK = { search: '' };

function BackLink() {
  return (
    <Link to={BACK} className="project-view__back">
      ← All projects
    </Link>
  );
}

export function ProjectView({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  const entries = useProjectEntries(projectId);
  useDocumentTitle(project.data?.name ?? 'Project');
  if (project.isPending) return <Spinner label="Opening the project…" />;
  if (project.isError)
    return (
      <div className="page">
        <BackLink />
        <ListError message={errorText(project.error)} onRetry={() => void project.refetch()} />
      </div>
    );
  return <ProjectScreen project={project.data} entries={entries} />;
}

function ProjectScreen({ project, entries }: { project: Project; entries: ReturnType<typeof useProjectEntries> }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const abilities = recordAbilities(project, user);
  const items: ProjectResource[] = entries.data ?? [];
  const tree = buildTree(project.folders, items);
  const places = destinations(tree);
  const actions = useProjectActions(project.id, items);
  const [dialog, setDialog] = useState<ProjectDialogState | null>(null);

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
  const update = useMutation({
    mutationFn: (values: { name: string; description?: string }) => client.projects.update(project.id, values),
    onSuccess: refreshAll,
  });
  const remove = useMutation({
    mutationFn: () => client.projects.remove(project.id),
    onSuccess: async () => {
      navigate(BACK);
      await queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
  });

  const close = () => {
    setDialog(null);
    for (const mutation of [update, remove, actions.createFolder, actions.renameFolder, actions.removeFolder]) mutation.reset();
  };
  const busy = actions.place.isPending || actions.removeEntry.isPending;
  const onPlace: TreeEditing['onDropItem'] = (item, folderId) => actions.place.mutate({ item, folderId });
  const edit: TreeEditing | null = abilities.write
    ? {
        entry: {
          destinations: places,
          busy,
          onMove: (entry, folderId) => onPlace({ kind: 'entry', entryId: entry.id, name: entry.resource.name }, folderId),
          onRemove: (entry) => actions.removeEntry.mutate(entry.id),
        },
        onDropItem: onPlace,
        onNewFolder: (parentId) => setDialog({ kind: 'new-folder', parentId }),
        onRenameFolder: (folder) => setDialog({ kind: 'rename-folder', folder }),
        onDeleteFolder: (node) => setDialog({ kind: 'delete-folder', node }),
      }
    : null;
  const writeError = actions.place.error ?? actions.removeEntry.error;

  let contents;
  if (entries.isPending) contents = <Spinner label="Loading what the project holds…" />;
  else if (entries.isError) contents = <ListError message={errorText(entries.error)} onRetry={() => void entries.refetch()} />;
  else contents = <ProjectTree tree={tree} edit={edit} />;

  return (
    <div className="page project-view" data-project={project.id}>
      <BackLink />
      <header className="project-view__head">
        <div className="project-view__picture">
          <ProjectPicture projectId={project.id} />
        </div>
        <div className="project-view__title">
          <h1 className="page-header__title">{project.name}</h1>
          <p className="page-header__subtitle">
            {projectOwner(project, user)} · {project.folders.length === 1 ? '1 folder' : `${project.folders.length} folders`} ·{' '}
            {items.length === 1 ? '1 item' : `${items.length} items`}
          </p>
          {project.description && <p className="project-view__description">{project.description}</p>}
        </div>
        <div className="project-view__actions">
          {abilities.write && (
            <>
              <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'new-folder', parentId: null })}>
                New folder
              </button>
              <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'rename' })}>
                Rename
              </button>
              <PictureButton projectId={project.id} />
            </>
          )}
          {abilities.share && (
            <button type="button" className="button button--ghost" onClick={() => setDialog({ kind: 'share' })}>
              Share
            </button>
          )}
          {abilities.delete && (
            <button type="button" className="button button--ghost project-view__delete" onClick={() => setDialog({ kind: 'delete' })}>
              Delete
            </button>
          )}
        </div>
      </header>
      {writeError && (
        <p className="form__error" role="alert">
          {errorText(writeError)}
        </p>
      )}
      <div className={`project-view__body${edit ? ' project-view__body--editing' : ''}`}>
        <section className="card panel" aria-label="Folders and contents">
          {contents}
        </section>
        {edit && !entries.isPending && !entries.isError && <Library entries={items} destinations={places} busy={busy} onPlace={onPlace} />}
      </div>
      {dialog && (
        <ProjectDialogs dialog={dialog} project={project} update={update} remove={remove} actions={actions} onClose={close} />
      )}
    </div>
  );
}
