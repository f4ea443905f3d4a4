// The resources an administrator can hand over or hide, found by id: what each is called and how it is read.
import type { ApiClient } from '@atlas/client';
import type { Visibility } from '@atlas/domain';
import type { OwnedResourceType, VisibilityResourceType } from './admin-types';

export const RESOURCE_TYPES = ['map', 'insight', 'workbook', 'dataset'] as const satisfies readonly OwnedResourceType[];

export const RESOURCE_LABELS = { map: 'Map', insight: 'Dashboard', workbook: 'Workbook', dataset: 'Dataset' } as const satisfies Record<OwnedResourceType, string>;

export const VISIBILITY_LABELS = { private: 'Private', public_read: 'Public (every user may read)' } as const satisfies Record<Visibility, string>;

/** The fields of a found resource the console shows, whatever its kind. */
export interface FoundResource {
  type: OwnedResourceType;
  id: string;
  name: string;
  ownerId: string;
  ownerName: string;
  organizationId: string;
  visibility: Visibility;
}

export function parseResourceType(value: string | null): OwnedResourceType {
  return (RESOURCE_TYPES as readonly string[]).includes(value ?? '') ? (value as OwnedResourceType) : 'map';
}

/** Only maps and datasets have an administrator visibility call (docs/admin.md, Visibility). */
export function visibilityTypeOf(type: OwnedResourceType): VisibilityResourceType | null {
  return type === 'map' || type === 'dataset' ? type : null;
}

/** Reads the resource in admin mode, so one of any organization is found. */
export async function readResource(client: ApiClient, type: OwnedResourceType, id: string): Promise<FoundResource> {
  const calls = { map: client.maps, insight: client.insights, workbook: client.workbooks } as const;
  const found = type === 'dataset' ? await client.datasets.get(id, { isAdmin: true }) : await calls[type].get(id, { isAdmin: true });
  return { type, id: found.id, name: found.name, ownerId: found.ownerId, ownerName: found.owner.name, organizationId: found.organizationId, visibility: found.visibility };
}
