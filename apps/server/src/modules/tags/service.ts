import type {
  AttachedTag,
  AttachTagRequest,
  CreateTagRequest,
  ResourceType,
  Tag,
  TagForResourceTypeList,
  TagList,
  UpdateTagRequest,
} from '@atlas/domain';
import { ACCESS_RESOURCE_TYPES, checkAccess, type AccessResourceType } from '../../http/access.js';
import { conflict, forbidden, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as repo from './repo.js';

const isAccessType = (type: ResourceType): type is AccessResourceType => (ACCESS_RESOURCE_TYPES as string[]).includes(type);

/** Only resources the one access check knows can be tagged; the others arrive with their modules. */
export function taggableType(type: ResourceType): AccessResourceType {
  if (!isAccessType(type)) throw invalidInput(`Tagging ${type} is not supported yet`, `Taggable types: ${ACCESS_RESOURCE_TYPES.join(', ')}`);
  return type;
}

export const normalizeColor = (color: string) => color.toLowerCase();

export const tagNotFound = (id: string) => notFound('Tag not found', `No tag with id ${id} in your organization`);

async function findOwnTag(db: Queryable, identity: Identity, id: string): Promise<Tag> {
  const tag = await repo.findTag(db, identity, id);
  if (!tag) throw tagNotFound(id);
  return tag;
}

/** Tag names are unique per organization: a taken name is a conflict, not a server error. */
async function renaming<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('A tag with this name already exists', `Tag name ${name ?? ''}`);
    throw error;
  }
}

/** Attaching a tag counts as changing the resource: it needs write on it. */
export async function assertCanTag(tx: Queryable, identity: Identity, type: ResourceType, resourceId: string): Promise<AccessResourceType> {
  const accessType = taggableType(type);
  await checkAccess(tx, identity, accessType, resourceId, 'write');
  return accessType;
}

export async function listTags(db: Db, identity: Identity): Promise<TagList> {
  return { items: await repo.listTagsWithUsage(db, identity) };
}

export async function listTagsForResourceType(db: Db, identity: Identity, type: ResourceType): Promise<TagForResourceTypeList> {
  // Types that cannot be tagged yet carry no tags.
  if (!isAccessType(type)) return { items: [] };
  return { items: await repo.listTagsForResourceType(db, identity, type) };
}

/** Reuses the organization's tag of that name (keeping its color) or creates it, then attaches it. */
export async function createTag(db: Db, identity: Identity, request: CreateTagRequest): Promise<AttachedTag> {
  taggableType(request.resourceType);
  return db.transaction(async (tx) => {
    await assertCanTag(tx, identity, request.resourceType, request.resourceId);
    const tag = await repo.findOrCreateTag(tx, identity, request.name, normalizeColor(request.color));
    await repo.attachTag(tx, tag.id, request.resourceType, request.resourceId);
    return { ...tag, resourceId: request.resourceId, resourceType: request.resourceType };
  });
}

function assertMaker(identity: Identity): void {
  if (identity.seat !== 'maker') throw forbidden('A viewer seat cannot change tags', 'Ask an administrator for a maker seat');
}

export async function updateTag(db: Db, identity: Identity, id: string, request: UpdateTagRequest): Promise<Tag> {
  return db.transaction(async (tx) => {
    await findOwnTag(tx, identity, id);
    assertMaker(identity);
    const patch = { name: request.name, color: request.color === undefined ? undefined : normalizeColor(request.color) };
    return renaming(request.name, () => repo.updateTag(tx, id, patch));
  });
}

export async function deleteTag(db: Db, identity: Identity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findOwnTag(tx, identity, id);
    assertMaker(identity);
    await repo.deleteTag(tx, id);
  });
}

/** Attaches an existing tag to a resource, taking the name and color sent. */
export async function attachTag(db: Db, identity: Identity, tagId: string, type: ResourceType, resourceId: string, request: AttachTagRequest): Promise<AttachedTag> {
  taggableType(type);
  return db.transaction(async (tx) => {
    await findOwnTag(tx, identity, tagId);
    await assertCanTag(tx, identity, type, resourceId);
    const tag = await renaming(request.name, () => repo.updateTag(tx, tagId, { name: request.name, color: normalizeColor(request.color) }));
    await repo.attachTag(tx, tagId, type, resourceId);
    return { ...tag, resourceId, resourceType: type };
  });
}

export async function detachTag(db: Db, identity: Identity, tagId: string, type: ResourceType, resourceId: string): Promise<void> {
  taggableType(type);
  await db.transaction(async (tx) => {
    await findOwnTag(tx, identity, tagId);
    await assertCanTag(tx, identity, type, resourceId);
    if ((await repo.detachTags(tx, [tagId], type, resourceId)) === 0) {
      throw notFound('Tag is not attached to this resource', `Tag ${tagId} on ${type} ${resourceId}`);
    }
  });
}
