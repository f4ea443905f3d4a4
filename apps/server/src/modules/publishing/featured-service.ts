import type { CreateFeaturedMapRequest, FeaturedMap, UpdateFeaturedMapRequest } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { conflict, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as featured from './featured-repo.js';
import * as repo from './repo.js';

/** Featured maps: everyone signed in reads them; administrators curate them. */

const assertCurator = (identity: Identity) => assertAdministrator(identity, 'Featured maps are managed by administrators');

const missing = (id: string) => notFound('Featured map not found', `No featured map with id ${id}`);

async function load(db: Queryable, id: string): Promise<FeaturedMap> {
  const found = await featured.findFeatured(db, id);
  if (!found) throw missing(id);
  return found;
}

export const listFeatured = (db: Db): Promise<FeaturedMap[]> => featured.listFeatured(db);

export async function featureMap(db: Db, identity: Identity, request: CreateFeaturedMapRequest): Promise<FeaturedMap> {
  assertCurator(identity);
  return db.transaction(async (tx) => {
    const published = await repo.findById(tx, request.publishedId);
    if (!published || published.resource_type !== 'map' || published.status !== 'published') {
      throw invalidInput('Only published maps can be featured', `No published map with id ${request.publishedId}`);
    }
    if (published.password_hash !== null) throw invalidInput('A password-protected map cannot be featured', `Published map ${published.id}`);
    if (await featured.isFeatured(tx, published.id)) throw conflict('This map is already featured', `Published map ${published.id}`);
    const fields = { title: request.title ?? published.name, description: request.description ?? published.description };
    try {
      const id = await featured.insertFeatured(tx, published.id, request.position === undefined ? fields : { ...fields, position: request.position });
      return await load(tx, id);
    } catch (error) {
      // Someone featured it at the same moment: the unique published_id decides.
      if ((error as { code?: string }).code === '23505') throw conflict('This map is already featured', `Published map ${published.id}`);
      throw error;
    }
  });
}

export async function updateFeatured(db: Db, identity: Identity, id: string, patch: UpdateFeaturedMapRequest): Promise<FeaturedMap> {
  assertCurator(identity);
  return db.transaction(async (tx) => {
    if (!(await featured.updateFeatured(tx, id, patch))) throw missing(id);
    return load(tx, id);
  });
}

export async function unfeature(db: Db, identity: Identity, id: string): Promise<void> {
  assertCurator(identity);
  await db.transaction(async (tx) => {
    if (!(await featured.deleteFeatured(tx, id))) throw missing(id);
  });
}

export async function highlight(db: Db, identity: Identity, id: string, highlighted: boolean): Promise<FeaturedMap> {
  assertCurator(identity);
  return db.transaction(async (tx) => {
    if (!(await featured.setHighlighted(tx, id, highlighted))) throw missing(id);
    return load(tx, id);
  });
}
