// Where each kind of project entry opens, and what it is called on screen.
import type { ProjectResourceType } from '@atlas/domain';
import { paths } from '@atlas/routes';

export const RESOURCE_LABELS: Record<ProjectResourceType, string> = {
  map: 'Map',
  dataset: 'Dataset',
  insight: 'Dashboard',
  'map-style': 'Map style',
};

/** Insights open as dashboards; map styles have no page of their own, so they open the basemaps list. */
export function resourceLink(type: ProjectResourceType, id: string): string {
  switch (type) {
    case 'map':
      return paths.map(id);
    case 'dataset':
      return paths.dataset(id);
    case 'insight':
      return paths.dashboard(id);
    case 'map-style':
      return paths.basemaps();
  }
}
