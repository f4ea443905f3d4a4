// Users: search by name or by exact e-mail, filter by organization, pages; per user the seat, the quota policy,
// administrator rights, a move to another organization and, for an address not yet proven, its verification; each
// confirmed first.
import { useState, type FormEvent } from 'react';
import { SEATS, type Seat, type User, type UserLookupQuery } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { useListAddress } from '../catalogue';
import { SEAT_LABELS, formatDate } from './format';
import { PagedList } from './ListParts';
import { OrganizationFilter } from './OrganizationFilter';
import { MoveUserDialog } from './MoveUserDialog';
import { parsePage } from './paging';
import { useOrganizationChoices, useQuotaPolicies, useUserPage } from './queries';
import { ConfirmUserChange, type UserChange } from './UserWrites';

export function UsersSection() {
  const signedIn = useSignedInUser();
  const { params, update, query, typed, setTyped } = useListAddress();
  const page = parsePage(params.get('page'));
  const email = params.get('email') ?? '';
  const organizationId = params.get('organizationId') ?? '';
  const filter: Omit<UserLookupQuery, 'offset' | 'limit'> = {
    ...(email ? { email } : query ? { name: query } : {}),
    ...(organizationId ? { organizationId } : {}),
  };
  const list = useUserPage(filter, page);
  const policies = useQuotaPolicies();
  const organizations = useOrganizationChoices();
  const organizationName = organizations.data?.find((organization) => organization.id === organizationId)?.name;
  const [change, setChange] = useState<UserChange | null>(null);
  const [moving, setMoving] = useState<User | null>(null);
  const [typedEmail, setTypedEmail] = useState(email);

  const findEmail = (event: FormEvent) => {
    event.preventDefault();
    setTyped('');
    update({ email: typedEmail.trim() || null, q: null, page: null });
  };

  const empty = email
    ? `No user has the address ${email}.`
    : query
      ? `No user’s name contains “${query}”${organizationName ? ` in ${organizationName}` : ''}.`
      : organizationId
        ? `${organizationName ?? 'This organization'} has no members.`
        : 'There are no users.';

  return (
    <section className="card panel catalogue-list" aria-label="Users">
      <div className="catalogue-list__tools">
        <input
          className="field__input catalogue-list__search"
          type="search"
          value={typed}
          placeholder="Search by name"
          aria-label="Search users by name"
          disabled={email !== ''}
          onChange={(event) => setTyped(event.target.value)}
        />
        <form className="admin-inline-form" onSubmit={findEmail}>
          <input className="field__input" type="search" value={typedEmail} placeholder="Exact e-mail address" aria-label="Find a user by e-mail" onChange={(event) => setTypedEmail(event.target.value)} />
          <button type="submit" className="button button--ghost">
            {typedEmail.trim() || !email ? 'Find' : 'Clear'}
          </button>
        </form>
        <OrganizationFilter organizations={organizations.data} value={organizationId} onChange={(id) => update({ organizationId: id || null, page: null })} />
      </div>
      <PagedList query={list} what="users" empty={empty} onPage={(next) => update({ page: next === 1 ? null : String(next) })}>
        {(items) => (
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Address</th>
                <th scope="col">Organization</th>
                <th scope="col">Seat</th>
                <th scope="col">Quota policy</th>
                <th scope="col">Administrator</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <th scope="row">
                    {user.name}
                    {user.disabledAt && (
                      <span className="admin-id" data-testid="user-disabled">
                        {' '}
                        Disabled: merged into another account on {formatDate(user.disabledAt)}
                      </span>
                    )}
                  </th>
                  <td>{user.email}</td>
                  <td data-testid="user-verified">{user.emailVerified ? 'Verified' : 'Not verified'}</td>
                  <td>{user.organization.name}</td>
                  <td>
                    <select className="field__input admin-table__select" aria-label={`Seat of ${user.email}`} value={user.seat} onChange={(event) => setChange({ kind: 'seat', user, seat: event.target.value as Seat })}>
                      {SEATS.map((seat) => (
                        <option key={seat} value={seat}>
                          {SEAT_LABELS[seat]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      className="field__input admin-table__select"
                      aria-label={`Quota policy of ${user.email}`}
                      value={user.quotaPolicy.id}
                      onChange={(event) => setChange({ kind: 'policy', user, policyId: event.target.value })}
                    >
                      {/* The user's own policy stays listed while the policies load or if it is not among them. */}
                      {!policies.data?.some((policy) => policy.id === user.quotaPolicy.id) && <option value={user.quotaPolicy.id}>{user.quotaPolicy.name}</option>}
                      {policies.data?.map((policy) => (
                        <option key={policy.id} value={policy.id}>
                          {policy.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-testid="user-admin">{user.isAdmin ? 'Yes' : 'No'}</td>
                  <td className="admin-table__actions">
                    <button type="button" className={`button button--ghost${user.isAdmin ? ' admin-danger-text' : ''}`} onClick={() => setChange({ kind: 'administrator', user, grant: !user.isAdmin })}>
                      {user.isAdmin ? 'Remove administrator' : 'Make administrator'}
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setMoving(user)}>
                      Move…
                    </button>
                    {!user.emailVerified && (
                      <button type="button" className="button button--ghost" onClick={() => setChange({ kind: 'verify', user })}>
                        Verify address
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {change && <ConfirmUserChange change={change} policies={policies.data} signedInId={signedIn.id} onClose={() => setChange(null)} />}
      {moving && <MoveUserDialog user={moving} onClose={() => setMoving(null)} />}
    </section>
  );
}
