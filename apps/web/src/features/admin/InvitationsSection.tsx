// Pending invitations: filter by e-mail or message and by organization, pages, invite, withdraw (confirmed).
import { useState } from 'react';
import { PENDING_MEMBERSHIP_FILTER_TYPES, type Invitation, type InvitationListQuery } from '@atlas/domain';
import { useListAddress } from '../catalogue';
import { ConfirmWrite } from './ConfirmWrite';
import { SEAT_LABELS, formatDate } from './format';
import { InviteDialog } from './InviteDialog';
import { PagedList } from './ListParts';
import { OrganizationFilter } from './OrganizationFilter';
import { parsePage } from './paging';
import { useAdminWrite, useInvitationPage, useOrganizationChoices } from './queries';

type FilterType = (typeof PENDING_MEMBERSHIP_FILTER_TYPES)[number];
const FILTER_LABELS = { email: 'E-mail', message: 'Message' } as const satisfies Record<FilterType, string>;

export function InvitationsSection() {
  const { params, update, query, typed, setTyped } = useListAddress();
  const page = parsePage(params.get('page'));
  const filterType: FilterType = params.get('filterType') === 'message' ? 'message' : 'email';
  const organizationId = params.get('organizationId') ?? '';
  const filter: Omit<InvitationListQuery, 'offset' | 'limit'> = {
    filterType,
    ...(query ? { filter: query } : {}),
    ...(organizationId ? { organizationId } : {}),
  };
  const list = useInvitationPage(filter, page);
  const organizations = useOrganizationChoices();
  const organizationName = organizations.data?.find((organization) => organization.id === organizationId)?.name;
  const [inviting, setInviting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const withdraw = useAdminWrite((client, id: string) => client.admin.invitations.remove(id));

  const where = organizationName ? ` to ${organizationName}` : '';
  const empty = query
    ? `No pending invitation${where} has “${query}” in its ${filterType === 'email' ? 'address' : 'message'}.`
    : `There are no pending invitations${where}: invitations disappear once their addressee has joined or they are withdrawn.`;

  return (
    <section className="card panel catalogue-list" aria-label="Invitations">
      <div className="catalogue-list__tools">
        <div className="segmented" role="group" aria-label="Search in">
          {PENDING_MEMBERSHIP_FILTER_TYPES.map((option) => (
            <button key={option} type="button" className="segmented__option" aria-pressed={filterType === option} onClick={() => update({ filterType: option === 'email' ? null : option, page: null })}>
              {FILTER_LABELS[option]}
            </button>
          ))}
        </div>
        <input
          className="field__input catalogue-list__search"
          type="search"
          value={typed}
          placeholder={filterType === 'email' ? 'Part of the address' : 'Part of the message'}
          aria-label="Search invitations"
          onChange={(event) => setTyped(event.target.value)}
        />
        <OrganizationFilter organizations={organizations.data} value={organizationId} onChange={(id) => update({ organizationId: id || null, page: null })} />
        <button type="button" className="button button--primary admin-tools__end" onClick={() => setInviting(true)}>
          Invite
        </button>
      </div>
      <PagedList query={list} what="invitations" empty={empty} onPage={(next) => update({ page: next === 1 ? null : String(next) })}>
        {(items) => (
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Organization</th>
                <th scope="col">Seat</th>
                <th scope="col">Application</th>
                <th scope="col">Message</th>
                <th scope="col">Sent</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((invitation) => (
                <tr key={invitation.id} data-testid="invitation-row">
                  <th scope="row">{invitation.email}</th>
                  <td>{invitation.organizationName}</td>
                  <td>{SEAT_LABELS[invitation.seat]}</td>
                  <td>{invitation.application}</td>
                  <td className="admin-table__message">{invitation.message}</td>
                  <td>{formatDate(invitation.createdAt)}</td>
                  <td className="admin-table__actions">
                    <button type="button" className="button button--ghost admin-danger-text" onClick={() => setWithdrawing(invitation)}>
                      Withdraw
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {inviting && <InviteDialog organizationId={organizationId} onClose={() => setInviting(false)} />}
      {withdrawing && (
        <ConfirmWrite title="Withdraw this invitation?" confirmLabel="Withdraw invitation" danger run={() => withdraw.mutateAsync(withdrawing.id)} onClose={() => setWithdrawing(null)}>
          <p>
            {withdrawing.email} will no longer join {withdrawing.organizationName} when they sign in. You can invite the address again later.
          </p>
        </ConfirmWrite>
      )}
    </section>
  );
}
