// "Add to project" from a record's own menu (a map card, a dataset page …): choose one of the user's projects and a
// place in it. The same rule as the projects screen: a resource already in the project moves to the place chosen.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectResourceType } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { Modal } from '../sharing';
import { placementOf, type DragItem } from './placement';
import { projectKeys, useProjectEntries, useProjectList } from './queries';
import { buildTree, destinations } from './tree';

export interface AddToProjectTarget {
  resourceType: ProjectResourceType;
  resourceId: string;
  name: string;
}

export function AddToProjectDialog({ target, onClose }: { target: AddToProjectTarget; onClose(): void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const ids = { project: useId(), place: useId() };
  // Projects the user owns: those they may certainly change (an editor grant on another's is not listed here).
  const projects = useProjectList('mine', '');
  const [chosen, setChosen] = useState<string | null>(null);
  const project = projects.data?.find((candidate) => candidate.id === chosen) ?? projects.data?.[0];
  const entries = useProjectEntries(project?.id ?? '', { enabled: project !== undefined });
  const places = project ? destinations(buildTree(project.folders, entries.data ?? [])) : [];
  const [placeId, setPlaceId] = useState('');
  const choose = (projectId: string) => {
    setChosen(projectId);
    setPlaceId('');
  };
  const folderId = places.some((place) => (place.folderId ?? '') === placeId) ? placeId || null : null;
  const item: DragItem = { kind: 'resource', resourceType: target.resourceType, resourceId: target.resourceId, name: target.name };
  const placement = project && entries.data ? placementOf(item, folderId, entries.data) : null;

  const save = useMutation({
    mutationFn: async () => {
      if (!project || !placement) return;
      if (placement.action === 'add') await client.projects.saveResource(project.id, { folderId, resourceType: target.resourceType, resourceId: target.resourceId });
      else if (placement.action === 'move') await client.projects.moveResource(project.id, placement.entryId, { folderId });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      onClose();
    },
  });

  let body;
  if (projects.isPending) body = <Spinner label="Loading your projects…" />;
  else if (projects.isError) body = <p className="form__error" role="alert">{errorText(projects.error)}</p>;
  else if (!project) body = <p>You have no projects yet. Create one under Projects in the navigation, then add “{target.name}” to it.</p>;
  else
    body = (
      <div className="form">
        <div className="field">
          <label htmlFor={ids.project} className="field__label">
            Project
          </label>
          <select id={ids.project} className="field__input" value={project.id} onChange={(event) => choose(event.target.value)}>
            {projects.data.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.place} className="field__label">
            Place
          </label>
          <select id={ids.place} className="field__input" value={folderId ?? ''} disabled={!entries.data} onChange={(event) => setPlaceId(event.target.value)}>
            {places.map((place) => (
              <option key={place.folderId ?? ''} value={place.folderId ?? ''}>
                {place.label}
              </option>
            ))}
          </select>
        </div>
        {entries.isError && <p className="form__error" role="alert">{errorText(entries.error)}</p>}
        {placement?.action === 'none' && <p>“{target.name}” is already there.</p>}
        {placement?.action === 'move' && <p>“{target.name}” is already in this project: it moves to the place chosen.</p>}
        {save.isError && <p className="form__error" role="alert">{errorText(save.error)}</p>}
      </div>
    );

  return (
    <Modal
      title={`Add “${target.name}” to a project`}
      onClose={save.isPending ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          {project && (
            <button type="button" className="button button--primary" disabled={save.isPending || !placement || placement.action === 'none'} onClick={() => save.mutate()}>
              {save.isPending ? 'Saving…' : placement?.action === 'move' ? 'Move' : 'Add'}
            </button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}
