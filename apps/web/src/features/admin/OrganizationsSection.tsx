// Organizations: search by name, pages, seat counts, create, rename and maker policy, delete (only an empty one).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Organization } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useListAddress } from '../catalogue';
import { ConfirmWrite } from './ConfirmWrite';
import { DEFAULT_MAKER_POLICY, formatDate, policyName } from './format';
import { PagedList } from './ListParts';
import { ProvisionDialog } from './ProvisionDialog';
import { OrganizationDialog } from './OrganizationDialog';
import { parsePage } from './paging';
import { useAdminWrite, useOrganizationPage, useQuotaPolicies } from './queries';

export function OrganizationsSection() {
  const { params, update, query, typed, setTyped } = useListAddress();
  const page = parsePage(params.get('page'));
  const list = useOrganizationPage(query, page);
  const policies = useQuotaPolicies();
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);
  const [provisioning, setProvisioning] = useState<Organization | null>(null);
  const remove = useAdminWrite((client, id: string) => client.admin.organizations.remove(id));

  return (
    <section className="card panel catalogue-list" aria-label="Organizations">
      <div className="catalogue-list__tools">
        <input
          className="field__input catalogue-list__search"
          type="search"
          value={typed}
          placeholder="Search by name"
          aria-label="Search organizations"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="button" className="button button--primary admin-tools__end" onClick={() => setEditing('new')}>
          New organization
        </button>
      </div>
      <PagedList
        query={list}
        what="organizations"
        empty={query ? `No organization’s name contains “${query}”.` : 'There are no organizations yet. Create one to invite people to it.'}
        onPage={(next) => update({ page: next === 1 ? null : String(next) })}
      >
        {(items) => (
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Maker quota policy</th>
                <th scope="col" className="num">
                  Makers
                </th>
                <th scope="col" className="num">
                  Viewers
                </th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((organization) => (
                <tr key={organization.id} data-testid="organization-row">
                  <th scope="row">{organization.name}</th>
                  <td>{policyName(policies.data, organization.makerQuotaPolicy ?? DEFAULT_MAKER_POLICY)}</td>
                  <td className="num" data-testid="maker-count">
                    {organization.makerRoleUsersCount}
                  </td>
                  <td className="num" data-testid="viewer-count">
                    {organization.viewerRoleUsersCount}
                  </td>
                  <td>{formatDate(organization.createdAt)}</td>
                  <td className="admin-table__actions">
                    <Link className="button button--ghost" to={paths.admin({ section: 'users', organizationId: organization.id })}>
                      Members
                    </Link>
                    <Link className="button button--ghost" to={paths.admin({ section: 'feature-flags', organizationId: organization.id })}>
                      Feature flags
                    </Link>
                    <button type="button" className="button button--ghost" onClick={() => setEditing(organization)}>
                      Edit
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => setProvisioning(organization)}>
                      Provision
                    </button>
                    <button type="button" className="button button--ghost admin-danger-text" onClick={() => setDeleting(organization)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {provisioning && <ProvisionDialog organization={provisioning} onClose={() => setProvisioning(null)} />}
      {editing && <OrganizationDialog organization={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmWrite title={`Delete ${deleting.name}?`} confirmLabel="Delete organization" danger run={() => remove.mutateAsync(deleting.id)} onClose={() => setDeleting(null)}>
          <p>
            The organization, its pending invitations and its feature flags are removed for good. Only an empty organization can be deleted: move
            its {deleting.makerRoleUsersCount + deleting.viewerRoleUsersCount} member(s) to another organization and change the owner of its records first.
          </p>
        </ConfirmWrite>
      )}
    </section>
  );
}
