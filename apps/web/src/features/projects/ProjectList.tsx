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
import { ListError, canCreate, noMatchText, useListAddress } from '../catalogue';
import { useListTags } from '../tags';
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
  const address = useListAddress();
  const { params, update, query, typed, setTyped } = address;
  const scope = parseProjectScope(params.get('scope'));
  const list = useProjectList(scope, query);
  const [creating, setCreating] = useState(false);
  const tags = useListTags('project', { plural: 'projects', address, listKey: projectKeys.all });
  const create = useMutation({
    mutationFn: (values: { name: string; description?: string }) => client.projects.create(values),
    onSuccess: async (project) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      navigate({ search: projectSearch(project.id) });
    },
  });

  const shown = tags.keep(list.data ?? []);
  let body;
  if (list.isPending) body = <Spinner label="Loading projects…" />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0)
    body = (
      <p className="catalogue-list__empty">{noMatchText('project', query, tags.described) ?? (scope === 'mine' && !maker ? EMPTY_VIEWER : EMPTY[scope])}</p>
    );
  else
    body = (
      <ul className="catalogue-grid" aria-label="Projects" aria-busy={list.isFetching}>
        {shown.map((project) => (
          <ProjectCard key={project.id} project={project} tags={tags.tagsOf(project)} select={tags.select?.(project)} />
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
                onClick={() => update({ scope: option === 'mine' ? null : option })}
              >
                {PROJECT_SCOPE_LABELS[option]}
              </button>
            ))}
          </div>
          <input className="field__input catalogue-list__search" type="search" value={typed} placeholder="Search by name" aria-label="Search projects" onChange={(event) => setTyped(event.target.value)} />
          {tags.filter}
          {tags.bar}
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
