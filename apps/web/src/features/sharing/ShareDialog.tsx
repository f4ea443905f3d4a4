// The permission dialog of the catalogue: who can open a resource, with which role; grant by e-mail or to the whole
// organization, change a role, remove access, and make the resource readable by link. Any catalogue screen can use it.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCK_RESOURCE_TYPES, type Lock, type LockResourceType, type PermissionListing, type PermissionResourceType, type PermissionRole } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { GRANTABLE_ROLES, ROLE_LABELS, grantRows, parseEmails, type GrantRow } from './grants';
import { LockSection } from './LockSection';
import { Modal } from './Modal';

export interface ShareTarget {
  resourceType: PermissionResourceType;
  resourceId: string;
  /** Shown in the dialog's title. */
  name: string;
  /** A map's, dashboard's or workbook's editing lock as the record answered it: the dialog shows and hands it over. */
  lock?: Lock | null;
}

const isLockType = (type: PermissionResourceType): type is LockResourceType => (LOCK_RESOURCE_TYPES as readonly string[]).includes(type);

const listingKey = (target: ShareTarget) => ['permissions', target.resourceType, target.resourceId] as const;

type Grantee = 'email' | 'organization';

export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose(): void }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const listing = useQuery<PermissionListing>({
    queryKey: listingKey(target),
    queryFn: () => client.permissions.list(target.resourceType, target.resourceId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listingKey(target) });

  const [grantee, setGrantee] = useState<Grantee>('email');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PermissionRole>('viewer');
  const [formError, setFormError] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: async () => {
      const base = { resourceType: target.resourceType, resourceId: target.resourceId, role };
      if (grantee === 'organization') return client.permissions.create({ ...base, granteeType: 'organization', granteeId: user.organization.id });
      return client.permissions.create({ ...base, granteeType: 'email', granteeId: email.trim().toLowerCase() });
    },
    onSuccess: () => {
      setEmail('');
      return refresh();
    },
  });
  const change = useMutation({
    mutationFn: ({ permissionId, role: next }: { permissionId: string; role: PermissionRole }) => client.permissions.update(permissionId, { role: next }),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: (permissionId: string) => client.permissions.remove(permissionId), onSettled: refresh });
  const visibility = useMutation({
    mutationFn: (open: boolean) =>
      client.permissions.bulk({ resourceType: target.resourceType, resourceId: target.resourceId, visibility: open ? 'public_read' : 'private' }),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (grantee === 'email') {
      const { emails, invalid } = parseEmails(email);
      if (invalid.length || emails.length !== 1) {
        setFormError('Enter one e-mail address');
        return;
      }
    }
    add.mutate();
  };

  const failure = [add, change, remove, visibility].find((mutation) => mutation.isError)?.error;
  const rows = listing.data ? grantRows(listing.data, user.organization.name) : [];
  const busy = change.isPending || remove.isPending || visibility.isPending;

  return (
    <Modal title={`Share “${target.name}”`} onClose={onClose} wide footer={<button type="button" className="button button--primary" onClick={onClose}>Done</button>}>
      <form className="share-form" onSubmit={submit} aria-label="Add people">
        <label className="field share-form__who">
          <span className="field__label">Share with</span>
          <select className="field__input" value={grantee} onChange={(event) => setGrantee(event.target.value as Grantee)} aria-label="Share with">
            <option value="email">A person, by e-mail</option>
            <option value="organization">Everyone in {user.organization.name}</option>
          </select>
        </label>
        {grantee === 'email' && (
          <label className="field share-form__email">
            <span className="field__label">E-mail</span>
            <input
              className="field__input"
              type="email"
              value={email}
              placeholder="name@company.com"
              onChange={(event) => setEmail(event.target.value)}
              aria-label="E-mail"
            />
          </label>
        )}
        <label className="field share-form__role">
          <span className="field__label">Role</span>
          <select className="field__input" value={role} onChange={(event) => setRole(event.target.value as PermissionRole)} aria-label="Role">
            {GRANTABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary share-form__add" disabled={add.isPending}>
          Add
        </button>
      </form>
      {(formError || failure) && (
        <p className="form__error" role="alert">
          {formError ?? errorText(failure)}
        </p>
      )}

      <section className="share-list" aria-label="People with access" aria-busy={listing.isFetching || busy}>
        <h3 className="share-list__title">People with access</h3>
        {listing.isPending && <Spinner label="Loading who has access…" />}
        {listing.isError && (
          <p className="form__error" role="alert">
            {errorText(listing.error)}
          </p>
        )}
        {listing.data && (
          <ul className="share-list__rows">
            <li className="share-row">
              <span className="share-row__avatar" aria-hidden="true">
                ★
              </span>
              <span className="share-row__who">
                <span className="share-row__label">{listing.data.ownerId === user.id ? `${user.name} (you)` : 'The owner'}</span>
                {listing.data.ownerId === user.id && <span className="share-row__detail">{user.email}</span>}
              </span>
              <span className="share-row__role share-row__role--fixed">Owner</span>
            </li>
            {rows.map((row) => (
              <GrantItem
                key={row.permissionId}
                row={row}
                disabled={busy}
                onRole={(next) => change.mutate({ permissionId: row.permissionId, role: next })}
                onRemove={() => remove.mutate(row.permissionId)}
              />
            ))}
          </ul>
        )}
        {listing.data && rows.length === 0 && <p className="share-list__empty">Only the owner can open this yet.</p>}
      </section>

      {listing.data && target.lock !== undefined && isLockType(target.resourceType) && (
        <LockSection target={{ resourceType: target.resourceType, resourceId: target.resourceId, lock: target.lock }} listing={listing.data} onChanged={refresh} />
      )}

      {listing.data && (
        <label className="share-visibility">
          <input
            type="checkbox"
            checked={listing.data.visibility === 'public_read'}
            disabled={busy}
            onChange={(event) => visibility.mutate(event.target.checked)}
          />
          <span>
            <strong>Anyone with the link can view</strong>
            <span className="share-visibility__hint">Read-only, for people outside the grants above too.</span>
          </span>
        </label>
      )}
    </Modal>
  );
}

function GrantItem({ row, disabled, onRole, onRemove }: { row: GrantRow; disabled: boolean; onRole(role: PermissionRole): void; onRemove(): void }) {
  // A role granted elsewhere (limited viewer) stays selectable here so the select shows it.
  const roles: readonly PermissionRole[] = (GRANTABLE_ROLES as readonly PermissionRole[]).includes(row.role) ? GRANTABLE_ROLES : [row.role, ...GRANTABLE_ROLES];
  return (
    <li className="share-row" data-grant={row.label}>
      <span className="share-row__avatar" aria-hidden="true">
        {row.label.slice(0, 1).toUpperCase()}
      </span>
      <span className="share-row__who">
        <span className="share-row__label">{row.label}</span>
        <span className="share-row__detail">{row.detail}</span>
      </span>
      <select
        className="field__input share-row__role"
        value={row.role}
        disabled={disabled}
        aria-label={`Role of ${row.label}`}
        onChange={(event) => onRole(event.target.value as PermissionRole)}
      >
        {roles.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </select>
      <button type="button" className="button button--ghost share-row__remove" disabled={disabled} onClick={onRemove} aria-label={`Remove access for ${row.label}`}>
        Remove
      </button>
    </li>
  );
}
