// The projects screen: the list of projects, or one open project (`?project=<id>`) with its folders and what they hold.
import { useSearchParams } from 'react-router-dom';
import { PROJECT_PARAM } from './address';
import { ProjectList } from './ProjectList';
import { ProjectView } from './ProjectView';
import './projects.css';

export function ProjectsPage() {
  const [params] = useSearchParams();
  const open = params.get(PROJECT_PARAM);
  return open ? <ProjectView key={open} projectId={open} /> : <ProjectList />;
}
