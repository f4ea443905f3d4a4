// The projects screen keeps the open project in its address (`?project=<id>`), so one route serves the list and a
// project, links to a project are plain relative searches, and Back returns to the list.
export const PROJECT_PARAM = 'project';

/** The relative link (search only) that opens the project on the projects screen. */
export const projectSearch = (id: string) => `?${new URLSearchParams({ [PROJECT_PARAM]: id }).toString()}`;
