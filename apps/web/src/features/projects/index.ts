// Projects in the browser: a list of projects, and each project's folders with the maps, datasets, dashboards and
// map styles filed in them; "Add to project" for a record's own menu (docs/projects.md).
export { ProjectsPage } from './ProjectsPage';
export { AddToProjectDialog, type AddToProjectTarget } from './AddToProjectDialog';
