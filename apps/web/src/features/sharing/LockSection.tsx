// The share dialog's word on the editing lock of a map, dashboard or workbook: who edits it now and until when, and,
// for those the server lets (the holder; else the record's owner, or anyone who may write while nobody holds it),
// handing the lock to someone who may edit it.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lock, LockResourceType, PermissionListing } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { lockCandidates, lockIsActive } from './grants';

export interface LockTarget {
  resourceType: LockResourceType;
  resourceId: string;
  lock: Lock | null;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function LockSection({ target, listing, onChanged }: { target: LockTarget; listing: PermissionListing; onChanged(): void }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [lock, setLock] = useState(target.lock);
  const [next, setNext] = useState('');
  const active = lockIsActive(lock, Date.now());
  const mayHandOver = (active && lock?.ownerId === user.id) || !active || listing.ownerId === user.id;
  const candidates = lockCandidates(listing, user).filter((candidate) => candidate.id !== (active ? lock?.ownerId : undefined));
  const handOver = useMutation({
    mutationFn: (ownerId: string) => client.locks.changeOwner(target.resourceType, target.resourceId, ownerId),
    onSuccess: (changed) => {
      setLock({ ownerId: changed.ownerId, ownerName: changed.ownerName, acquiredAt: changed.acquiredAt, expiresAt: changed.expiresAt });
      setNext('');
      void queryClient.invalidateQueries();
      onChanged();
    },
  });

  return (
    <section className="share-lock" aria-label="Editing lock">
      <h3 className="share-list__title">Editing lock</h3>
      <p className="share-lock__state" data-testid="lock-state">
        {active && lock
          ? `${lock.ownerId === user.id ? 'You are' : `${lock.ownerName} is`} editing it until ${timeFormat.format(new Date(lock.expiresAt))}; others open it read-only.`
          : 'Nobody is editing it now.'}
      </p>
      {mayHandOver && candidates.length > 0 && (
        <form
          className="share-lock__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (next) handOver.mutate(next);
          }}
        >
          <label className="field share-lock__who">
            <span className="field__label">Hand the lock to</span>
            <select className="field__input" value={next} onChange={(event) => setNext(event.target.value)} aria-label="Hand the lock to">
              <option value="">Choose someone who can edit…</option>
              {candidates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--ghost" disabled={!next || handOver.isPending}>
            {handOver.isPending ? 'Handing over…' : 'Hand over'}
          </button>
        </form>
      )}
      {handOver.isError && (
        <p className="form__error" role="alert">
          {errorText(handOver.error)}
        </p>
      )}
    </section>
  );
}
