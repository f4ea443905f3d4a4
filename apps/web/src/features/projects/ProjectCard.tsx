// One project of the list: its picture, name, whose it is, its folders and last change.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Project, TagSummary } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { CatalogueCard, recordAbilities } from '../catalogue';
import { TagChips } from '../tags';
import { projectSearch } from './address';
import { ProjectPicture } from './ProjectPicture';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A project answer names its owner by id only: whose it is, as far as the user can tell. */
export function projectOwner(project: Pick<Project, 'ownerId' | 'organizationId'>, user: { id: string; organization: { id: string } }): string {
  if (project.ownerId === user.id) return 'Yours';
  return project.organizationId === user.organization.id ? 'Your organization' : 'Shared with you';
}

/** `tags`: the project's tags (project answers do not carry them); `select`: the pick box of bulk tagging. */
export function ProjectCard({ project, tags = [], select }: { project: Project; tags?: readonly TagSummary[]; select?: ReactNode }) {
  const user = useSignedInUser();
  const folders = project.folders.length;
  return (
    <CatalogueCard
      marker={{ 'data-project': project.id }}
      picture={<ProjectPicture projectId={project.id} />}
      pictureLink={projectSearch(project.id)}
      name={<Link to={projectSearch(project.id)}>{project.name}</Link>}
      meta={
        <>
          {projectOwner(project, user)} · {folders === 1 ? '1 folder' : `${folders} folders`} · Changed {dateFormat.format(new Date(project.updatedAt))}
        </>
      }
      description={project.description}
      select={recordAbilities(project, user).write ? select : undefined}
    >
      <TagChips tags={tags} />
    </CatalogueCard>
  );
}
