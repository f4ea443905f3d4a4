// Typed calls for projects, their folders and resources (workspace-and-catalogue.md §7 Projects).
import type {
  CreateProjectFolderRequest,
  CreateProjectRequest,
  MoveProjectResourceRequest,
  Project,
  ProjectFolder,
  ProjectList,
  ProjectListQuery,
  ProjectResource,
  ProjectResourceList,
  ProjectThumbnailPolicy,
  ThumbnailRequest,
  SaveProjectResourceRequest,
  UpdateProjectFolderRequest,
  UpdateProjectRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;

export function createProjectsApi(request: Http['request']) {
  const base = (projectId: string) => `/v1/projects/${id(projectId)}`;
  return {
    list: (query: ProjectListQuery = {}) => request<ProjectList>('GET', '/v1/projects', { query: { ...query } }),
    forOrganization: (query: ProjectListQuery = {}) => request<ProjectList>('GET', '/v1/projects/for-organization', { query: { ...query } }),
    get: (projectId: string) => request<Project>('GET', base(projectId)),
    create: (body: CreateProjectRequest) => request<Project>('POST', '/v1/projects', { body }),
    update: (projectId: string, body: UpdateProjectRequest) => request<Project>('PUT', base(projectId), { body }),
    remove: (projectId: string) => request<void>('DELETE', base(projectId)),

    /** An upload policy for the thumbnail; upload the file to it, then `thumbnail` serves it. */
    thumbnailUploadPolicy: (projectId: string, body: ThumbnailRequest) =>
      request<ProjectThumbnailPolicy>('PUT', `${base(projectId)}/thumbnail`, { body }),
    thumbnail: (projectId: string) => request<Blob>('GET', `${base(projectId)}/thumbnail`, { responseType: 'blob' }),

    createFolder: (projectId: string, body: CreateProjectFolderRequest) => request<ProjectFolder>('POST', `${base(projectId)}/folders`, { body }),
    updateFolder: (projectId: string, folderId: string, body: UpdateProjectFolderRequest) =>
      request<ProjectFolder>('PUT', `${base(projectId)}/folders/${id(folderId)}`, { body }),
    removeFolder: (projectId: string, folderId: string) => request<void>('DELETE', `${base(projectId)}/folders/${id(folderId)}`),

    resources: (projectId: string) => request<ProjectResourceList>('GET', `${base(projectId)}/resources`),
    rootResources: (projectId: string) => request<ProjectResourceList>('GET', `${base(projectId)}/folders/root/resources`),
    folderResources: (projectId: string, folderId: string) => request<ProjectResourceList>('GET', `${base(projectId)}/folders/${id(folderId)}/resources`),
    /** Created when `body.id` is absent, otherwise that entry is updated. */
    saveResource: (projectId: string, body: SaveProjectResourceRequest) => request<ProjectResource>('POST', `${base(projectId)}/resources`, { body }),
    moveResource: (projectId: string, entryId: string, body: MoveProjectResourceRequest) =>
      request<ProjectResource>('PUT', `${base(projectId)}/resources/${id(entryId)}`, { body }),
    removeResource: (projectId: string, entryId: string) => request<void>('DELETE', `${base(projectId)}/resources/${id(entryId)}`),
  };
}
export type ProjectsApi = ReturnType<typeof createProjectsApi>;
