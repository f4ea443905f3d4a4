// The list of projects: the user's own or their organization's, searchable by name and filtered by tags (`?tags=`);
// a maker creates one here and tags the projects they may change several at once. Project answers do not carry their
// tags: the organization's tags on projects give them.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListError, canCreate, useListAddress } from '../catalogue';
import {
  BulkTagBar,
  CardPick,
  TAG_FILTER_PARAM,
  TagFilter,
  TaggableCard,
  describeTags,
  formatTagFilter,
  parseTagFilter,
  refreshTags,
  useTagIndex,
  useTagNames,
  useTagSelection,
  withTags,
} from '../tags';
import { projectSearch } from './address';
import { NameDialog } from './NameDialog';
import { ProjectCard } from './ProjectCard';
import { projectKeys, useProjectList } from './queries';
import { PROJECT_SCOPES, PROJECT_SCOPE_LABELS, parseProjectScope, type ProjectScope } from './scope';

const EMPTY: Record<ProjectScope, string> = {
  mine: 'You have no projects yet. Create one to gather maps, datasets, dashboards and map styles in folders.',
  organization: 'Nobody in your organization has a project yet.',
};
const EMPTY_VIEWER = 'You have no projects of your own: a viewer seat opens projects but does not create them. See your organization’s.';

export function ProjectList() {
  useDocumentTitle('Projects');
  const user = useSignedInUser();
  const maker = canCreate(user);
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { params, update, query, typed, setTyped } = useListAddress();
  const scope = parseProjectScope(params.get('scope'));
  const list = useProjectList(scope, query);
  const [creating, setCreating] = useState(false);
  const tagIds = parseTagFilter(params.get(TAG_FILTER_PARAM));
  const tagNames = useTagNames(tagIds);
  const tagIndex = useTagIndex('project');
  const tagsOf = (id: string) => tagIndex.data?.get(id) ?? [];
  const selection = useTagSelection();
  const create = useMutation({
    mutationFn: (values: { name: string; description?: string }) => client.projects.create(values),
    onSuccess: async (project) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      navigate({ search: projectSearch(project.id) });
    },
  });

  const shown = withTags(list.data ?? [], tagIds, (project) => tagsOf(project.id));
  let body;
  if (list.isPending) body = <Spinner label="Loading projects…" />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0)
    body = (
      <p className="catalogue-list__empty">
        {query || tagIds.length
          ? `No project matches ${[query && `“${query}”`, tagIds.length && describeTags(tagNames)].filter(Boolean).join(' and ')} here.`
          : scope === 'mine' && !maker
            ? EMPTY_VIEWER
            : EMPTY[scope]}
      </p>
    );
  else
    body = (
      <ul className="catalogue-grid" aria-label="Projects" aria-busy={list.isFetching}>
        {shown.map((project) => (
          <TaggableCard
            key={project.id}
            tags={tagsOf(project.id)}
            select={maker && <CardPick record={project} selection={selection} />}
          >
            <ProjectCard project={project} />
          </TaggableCard>
        ))}
      </ul>
    );

  return (
    <div className="page">
      <div className="catalogue-page__head">
        <PageHeader title="Projects" subtitle="Maps, datasets, dashboards and map styles gathered in folders." />
        {maker && (
          <div className="catalogue-page__create">
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              New project
            </button>
          </div>
        )}
      </div>
      <section className="card panel catalogue-list" aria-label="Project list">
        <div className="catalogue-list__tools">
          <div className="segmented" role="group" aria-label="Whose projects">
            {PROJECT_SCOPES.map((option) => (
              <button
                key={option}
                type="button"
                className="segmented__option"
                aria-pressed={scope === option}
                onClick={() => {
                  selection.clear();
                  update({ scope: option === 'mine' ? null : option });
                }}
              >
                {PROJECT_SCOPE_LABELS[option]}
              </button>
            ))}
          </div>
          <input className="field__input catalogue-list__search" type="search" value={typed} placeholder="Search by name" aria-label="Search projects" onChange={(event) => setTyped(event.target.value)} />
          <TagFilter value={tagIds} onChange={(ids) => update({ [TAG_FILTER_PARAM]: formatTagFilter(ids) })} />
          {maker && (
            <BulkTagBar
              resourceType="project"
              plural="projects"
              selection={selection}
              tagsOf={tagsOf}
              refresh={() => Promise.all([queryClient.invalidateQueries({ queryKey: projectKeys.all }), refreshTags(queryClient)])}
            />
          )}
        </div>
        {body}
      </section>
      {creating && (
        <NameDialog
          title="New project"
          label="Project name"
          confirmLabel="Create project"
          initialDescription=""
          busy={create.isPending}
          error={create.isError ? errorText(create.error) : null}
          onSubmit={(values) => create.mutate(values)}
          onClose={() => {
            setCreating(false);
            create.reset();
          }}
        />
      )}
    </div>
  );
}
