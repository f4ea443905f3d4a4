import { useQuery } from '@tanstack/react-query';
import type { PermissionResourceType } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { needsGrantCheck, type EditorGrant, type OwnedRecord } from './abilities';

/** The share dialog's key for the same listing, so the check and the dialog share one answer. */
export const permissionsKey = (resourceType: PermissionResourceType, id: string) => ['permissions', resourceType, id] as const;

/** Whether a grant makes the user an editor of the record: the permission listing answers only those who may write. */
export function useEditorGrant(resourceType: PermissionResourceType, record: OwnedRecord & { id: string }): EditorGrant {
  const client = useApiClient();
  const user = useSignedInUser();
  const ask = needsGrantCheck(record, user);
  const listing = useQuery({
    queryKey: permissionsKey(resourceType, record.id),
    queryFn: () => client.permissions.list(resourceType, record.id),
    enabled: ask,
    retry: false,
  });
  if (!ask) return 'no';
  if (listing.isSuccess) return 'yes';
  return listing.isError ? 'no' : 'unknown';
}
