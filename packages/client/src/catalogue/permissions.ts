// Typed calls for permissions (workspace-and-catalogue.md §7 Permissions).
import type {
  BulkPermissionRequest,
  CreatePermissionRequest,
  Permission,
  PermissionListing,
  PermissionResourceType,
  UpdatePermissionRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;
type AdminOption = { isAdmin?: boolean };
const adminQuery = ({ isAdmin }: AdminOption = {}) => ({ isAdmin: isAdmin ? true : undefined });

export function createPermissionsApi(request: Http['request']) {
  return {
    list: (resourceType: PermissionResourceType, resourceId: string, options?: AdminOption) =>
      request<PermissionListing>('GET', `/v1/permissions/${id(resourceType)}/${id(resourceId)}`, { query: adminQuery(options) }),
    create: (body: CreatePermissionRequest, options?: AdminOption) =>
      request<Permission>('POST', '/v1/permissions', { body, query: adminQuery(options) }),
    update: (permissionId: string, body: UpdatePermissionRequest, options?: AdminOption) =>
      request<Permission>('PUT', `/v1/permissions/${id(permissionId)}`, { body, query: adminQuery(options) }),
    remove: (permissionId: string, options?: AdminOption) =>
      request<void>('DELETE', `/v1/permissions/${id(permissionId)}`, { query: adminQuery(options) }),
    bulk: (body: BulkPermissionRequest, options?: AdminOption) =>
      request<PermissionListing>('POST', '/v1/permissions/bulk', { body, query: adminQuery(options) }),
  };
}
