// Resources: a map, dashboard, workbook or dataset found by its id (no call lists every organization's resources),
// with its owner and visibility. The owner can be handed to another member of its organization, a map's or a
// dataset's visibility changed; each is confirmed first, and a refusal stays in the dialog as "message (details)".
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { VISIBILITIES, type Visibility } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListError, useListAddress } from '../catalogue';
import { ConfirmWrite } from './ConfirmWrite';
import { SEAT_LABELS } from './format';
import { adminKeys, useAdminWrite, useOrganizationChoices, useOrganizationMembers } from './queries';
import { RESOURCE_LABELS, RESOURCE_TYPES, VISIBILITY_LABELS, parseResourceType, readResource, visibilityTypeOf, type FoundResource } from './resources';

type ResourceChange = { kind: 'owner'; resource: FoundResource; ownerId: string; ownerLabel: string } | { kind: 'visibility'; resource: FoundResource; privacy: Visibility };

export function ResourcesSection() {
  const client = useApiClient();
  const { params, update } = useListAddress();
  const type = parseResourceType(params.get('type'));
  const id = params.get('id') ?? '';
  const [typedType, setTypedType] = useState(type);
  const [typedId, setTypedId] = useState(id);
  const resource = useQuery({ queryKey: adminKeys.resource(type, id), queryFn: () => readResource(client, type, id), enabled: id !== '', retry: false });

  const find = (event: FormEvent) => {
    event.preventDefault();
    update({ type: typedType === 'map' ? null : typedType, id: typedId.trim() || null });
  };

  let body;
  if (!id) body = <p className="catalogue-list__empty">Enter the id of a map, dashboard, workbook or dataset: the id is the last part of its address in the workspace.</p>;
  else if (resource.isPending) body = <Spinner label={`Loading the ${RESOURCE_LABELS[type].toLowerCase()}…`} />;
  else if (resource.isError) body = <ListError message={errorText(resource.error)} onRetry={() => void resource.refetch()} />;
  else body = <ResourceDetails resource={resource.data} />;

  return (
    <section className="card panel catalogue-list" aria-label="Resources">
      <form className="catalogue-list__tools" onSubmit={find}>
        <select className="field__input catalogue-list__select" aria-label="Resource type" value={typedType} onChange={(event) => setTypedType(parseResourceType(event.target.value))}>
          {RESOURCE_TYPES.map((option) => (
            <option key={option} value={option}>
              {RESOURCE_LABELS[option]}
            </option>
          ))}
        </select>
        <span className="admin-inline-form">
          <input className="field__input admin-id-input" type="search" value={typedId} placeholder="Id" aria-label="Resource id" onChange={(event) => setTypedId(event.target.value)} />
          <button type="submit" className="button button--ghost" disabled={!typedId.trim()}>
            Find
          </button>
        </span>
      </form>
      {body}
    </section>
  );
}

function ResourceDetails({ resource }: { resource: FoundResource }) {
  const organizations = useOrganizationChoices();
  const members = useOrganizationMembers(resource.organizationId);
  const [change, setChange] = useState<ResourceChange | null>(null);
  const organizationName = organizations.data?.find((organization) => organization.id === resource.organizationId)?.name ?? resource.organizationId;
  const visibilityType = visibilityTypeOf(resource.type);

  const pickOwner = (ownerId: string) => {
    const member = members.data?.find((user) => user.id === ownerId);
    if (member) setChange({ kind: 'owner', resource, ownerId, ownerLabel: `${member.name || member.email} (${member.email})` });
  };

  return (
    <div data-testid="admin-resource">
      <dl className="admin-details">
        <dt>{RESOURCE_LABELS[resource.type]}</dt>
        <dd data-testid="resource-name">{resource.name}</dd>
        <dt>Id</dt>
        <dd>
          <code className="admin-id">{resource.id}</code>
        </dd>
        <dt>Organization</dt>
        <dd>{organizationName}</dd>
        <dt>
          <label htmlFor="admin-resource-owner">Owner</label>
        </dt>
        <dd>
          <select id="admin-resource-owner" className="field__input admin-table__select" value={resource.ownerId} onChange={(event) => pickOwner(event.target.value)}>
            {/* The owner stays listed while the members load. */}
            {!members.data?.some((user) => user.id === resource.ownerId) && <option value={resource.ownerId}>{resource.ownerName}</option>}
            {members.data?.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name || user.email} ({user.email}, {SEAT_LABELS[user.seat].toLowerCase()})
              </option>
            ))}
          </select>
          {members.isError && <span className="form__error">{errorText(members.error)}</span>}
        </dd>
        <dt>{visibilityType ? <label htmlFor="admin-resource-visibility">Visibility</label> : 'Visibility'}</dt>
        <dd>
          {visibilityType ? (
            <select
              id="admin-resource-visibility"
              className="field__input admin-table__select"
              value={resource.visibility}
              onChange={(event) => setChange({ kind: 'visibility', resource, privacy: event.target.value as Visibility })}
            >
              {VISIBILITIES.map((option) => (
                <option key={option} value={option}>
                  {VISIBILITY_LABELS[option]}
                </option>
              ))}
            </select>
          ) : (
            <span data-testid="resource-visibility">{VISIBILITY_LABELS[resource.visibility]} (changed by its owner’s sharing)</span>
          )}
        </dd>
      </dl>
      {change && <ConfirmResourceChange change={change} organizationName={organizationName} onClose={() => setChange(null)} />}
    </div>
  );
}

function ConfirmResourceChange({ change, organizationName, onClose }: { change: ResourceChange; organizationName: string; onClose(): void }) {
  const write = useAdminWrite((client, next: ResourceChange): Promise<unknown> => {
    if (next.kind === 'owner') return client.admin.resources.changeOwner(next.resource.type, next.resource.id, next.ownerId);
    return client.admin.resources.setVisibility(visibilityTypeOf(next.resource.type)!, next.resource.id, next.privacy);
  });
  const run = () => write.mutateAsync(change);
  const what = `${RESOURCE_LABELS[change.resource.type].toLowerCase()} “${change.resource.name}”`;
  if (change.kind === 'owner') {
    return (
      <ConfirmWrite title="Change the owner?" confirmLabel="Change owner" run={run} onClose={onClose}>
        <p>
          The {what} passes from {change.resource.ownerName} to {change.ownerLabel} and stays in {organizationName}. Its sharing does not change; {change.resource.ownerName} keeps
          what every member of the organization has. The new owner needs a maker seat and room in their quota.
        </p>
      </ConfirmWrite>
    );
  }
  return change.privacy === 'public_read' ? (
    <ConfirmWrite title="Make it public?" confirmLabel="Make public" danger run={run} onClose={onClose}>
      <p>Every user of every organization may read the {what}{change.resource.type === 'dataset' ? ', and it is found by the public dataset search' : ''}.</p>
    </ConfirmWrite>
  ) : (
    <ConfirmWrite title="Make it private?" confirmLabel="Make private" run={run} onClose={onClose}>
      <p>Only its owner, {organizationName} and those it is shared with see the {what}; its grants stay.</p>
    </ConfirmWrite>
  );
}
