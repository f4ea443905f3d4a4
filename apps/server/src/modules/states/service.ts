import { STATE_KINDS, type PermissionAction, type State, type StateData, type StateKind } from '@atlas/domain';
import { checkAccess } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { acquireLock, assertWritable } from '../locks/service.js';
import * as repo from './repo.js';

const stateNotFound = (kind: StateKind, id: string) =>
  notFound(`${STATE_KINDS[kind].label} not found`, `No ${STATE_KINDS[kind].label.toLowerCase()} with id ${id}`);

/** Loads a state and checks `action` on its record; a state of a record the caller cannot see does not exist for them. */
async function loadState(db: Queryable, identity: Identity, kind: StateKind, id: string, action: PermissionAction): Promise<repo.StateRow> {
  const row = await repo.findState(db, kind, id);
  if (!row) throw stateNotFound(kind, id);
  try {
    await checkAccess(db, identity, STATE_KINDS[kind].recordKind, row.record_id, action);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw stateNotFound(kind, id);
    throw error;
  }
  return row;
}

export async function getState(db: Db, identity: Identity, kind: StateKind, id: string): Promise<State> {
  return repo.toState(await loadState(db, identity, kind, id, 'read'));
}

/** Saves a new state of a record: write on the record, and no other editor holding its lock. */
export async function createState(db: Db, identity: Identity, kind: StateKind, recordId: string, data: StateData): Promise<State> {
  const { recordKind } = STATE_KINDS[kind];
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, recordKind, recordId, 'write');
    await assertWritable(tx, identity, recordKind, recordId);
    const row = await repo.insertState(tx, kind, recordId, identity.userId, data);
    await repo.touchRecord(tx, recordId);
    return repo.toState(row);
  });
}

export async function updateState(db: Db, identity: Identity, kind: StateKind, id: string, data: StateData, options: { acquireLock?: boolean } = {}): Promise<State> {
  const { recordKind } = STATE_KINDS[kind];
  return db.transaction(async (tx) => {
    const { record_id: recordId } = await loadState(tx, identity, kind, id, 'write');
    await assertWritable(tx, identity, recordKind, recordId);
    if (options.acquireLock) await acquireLock(tx, identity, recordKind, recordId);
    const row = await repo.updateStateData(tx, id, data);
    await repo.touchRecord(tx, recordId);
    return repo.toState(row);
  });
}

export async function deleteState(db: Db, identity: Identity, kind: StateKind, id: string): Promise<void> {
  const { recordKind } = STATE_KINDS[kind];
  await db.transaction(async (tx) => {
    const { record_id: recordId } = await loadState(tx, identity, kind, id, 'write');
    await assertWritable(tx, identity, recordKind, recordId);
    await repo.deleteState(tx, id);
    await repo.touchRecord(tx, recordId);
  });
}
