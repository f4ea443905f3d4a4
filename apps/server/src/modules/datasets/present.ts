import type { Dataset } from '@atlas/domain';
import { withCallerActions } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import * as repo from './repo.js';

/** The dataset's answer for the caller, with what they may do with it; 404 when it went away meanwhile. */
export async function presentDataset(db: Queryable, identity: Identity, id: string, adminMode = false): Promise<Dataset> {
  const dataset = await repo.findDataset(db, id);
  if (!dataset) throw notFound('Dataset not found', `No dataset with id ${id}`);
  return (await withCallerActions(db, identity, 'dataset', [dataset], adminMode))[0]!;
}
