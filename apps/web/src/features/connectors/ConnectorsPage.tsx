// /workspace/connectors: the user's data connections and their organization's, as a table with type, owner, tags and
// last change; scope and search live in the address. A maker adds a connection here; anyone who reads one may test
// and browse it. `?tags=` keeps the connections carrying every tag picked; a maker tags the connections they may
// change several at once.
import { useState } from 'react';
import type { DataConnectionType } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListError, canCreate, noMatchText, useListAddress } from '../catalogue';
import { TagSelectHeader, useListTags } from '../tags';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionRow } from './ConnectionRow';
import { CONNECTION_SCOPES, CONNECTION_SCOPE_LABELS, parseConnectionScope, shownConnections, type ConnectionScope } from './listing';
import { connectionKeys, useConnectionList } from './queries';
import './connectors.css';

const EMPTY: Record<ConnectionScope, string> = {
  mine: 'You have no connections yet. Add one to browse and query a warehouse where its data lives.',
  organization: 'Your organization has no connection you may see: connections are private until their owner shares them.',
};
const EMPTY_VIEWER = 'You have no connections of your own: a viewer seat uses connections others share but does not add them. See your organization’s.';

export function ConnectorsPage() {
  useDocumentTitle('Connectors');
  const user = useSignedInUser();
  const maker = canCreate(user);
  const address = useListAddress();
  const { params, update, query, typed, setTyped } = address;
  const scope = parseConnectionScope(params.get('scope'));
  const [creating, setCreating] = useState(false);
  // Types the server answered 501 for (no driver installed here), learnt from its answers during this visit.
  const [unavailable, setUnavailable] = useState<ReadonlySet<DataConnectionType>>(new Set());
  const markUnavailable = (type: DataConnectionType) => setUnavailable((known) => (known.has(type) ? known : new Set([...known, type])));

  const tags = useListTags('data-connection', { plural: 'connections', address, listKey: connectionKeys.all });

  const list = useConnectionList(scope);
  const shown = tags.keep(shownConnections(list.data ?? [], query));

  let body;
  if (list.isPending) body = <Spinner label="Loading connections…" />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0)
    body = (
      <p className="catalogue-list__empty">{noMatchText('connection', query, tags.described) ?? (scope === 'mine' && !maker ? EMPTY_VIEWER : EMPTY[scope])}</p>
    );
  else
    body = (
      <div className="connectors-table__scroll">
        <table className="table connectors-table" aria-label="Connections" aria-busy={list.isFetching}>
          <thead>
            <tr>
              {tags.select && <TagSelectHeader />}
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Owner</th>
              <th scope="col">Tags</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((connection) => (
              <ConnectionRow
                key={connection.id}
                connection={connection}
                tags={tags.tagsOf(connection)}
                unavailable={unavailable}
                onUnavailable={markUnavailable}
                select={tags.select?.(connection)}
              />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="page">
      <div className="catalogue-page__head">
        <PageHeader title="Connectors" subtitle="Connections to your warehouses and storage: browse their tables and query the data where it lives." />
        {maker && (
          <div className="catalogue-page__create">
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              New connection
            </button>
          </div>
        )}
      </div>

      <section className="card panel catalogue-list" aria-label="Connection list">
        <div className="catalogue-list__tools">
          <div className="segmented" role="group" aria-label="Whose connections">
            {CONNECTION_SCOPES.map((option) => (
              <button
                key={option}
                type="button"
                className="segmented__option"
                aria-pressed={scope === option}
                onClick={() => update({ scope: option === 'mine' ? null : option })}
              >
                {CONNECTION_SCOPE_LABELS[option]}
              </button>
            ))}
          </div>
          <input className="field__input catalogue-list__search" type="search" value={typed} placeholder="Search by name or type" aria-label="Search connections" onChange={(event) => setTyped(event.target.value)} />
          {tags.filter}
          {tags.bar}
        </div>
        {body}
      </section>
      {creating && <ConnectionForm unavailable={unavailable} onUnavailable={markUnavailable} onClose={() => setCreating(false)} />}
    </div>
  );
}
