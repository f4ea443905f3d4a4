// /workspace/connectors: the user's data connections and their organization's, as a table with type, owner, tags and
// last change; scope and search live in the address. A maker adds a connection here; anyone who reads one may test
// and browse it. `?tags=` keeps the connections carrying every tag picked; a maker tags the connections they may
// change several at once.
import { useState } from 'react';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListBody, ListTable, ScopeTabs, canCreate, noMatchText, useListAddress } from '../catalogue';
import { TagSelectHeader, useListTags } from '../tags';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionRow } from './ConnectionRow';
import { CONNECTION_SCOPES, parseConnectionScope, shownConnections, type ConnectionScope } from './listing';
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

  const tags = useListTags('data-connection', { plural: 'connections', address, listKey: connectionKeys.all });

  const list = useConnectionList(scope);
  const shown = tags.keep(shownConnections(list.data ?? [], query));

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
          <ScopeTabs label="Whose connections" value={scope} options={CONNECTION_SCOPES} onChange={(option) => update({ scope: option === 'mine' ? null : option })} />
          <input className="field__input catalogue-list__search" type="search" value={typed} placeholder="Search by name or type" aria-label="Search connections" onChange={(event) => setTyped(event.target.value)} />
          {tags.filter}
          {tags.bar}
        </div>
        <ListBody
          list={list}
          loading="Loading connections…"
          count={() => shown.length}
          empty={noMatchText('connection', query, tags.described) ?? (scope === 'mine' && !maker ? EMPTY_VIEWER : EMPTY[scope])}
        >
          {() => (
            <ListTable
              block="connectors-table"
              label="Connections"
              busy={list.isFetching}
              columns={['Name', 'Type', 'Owner', 'Tags', 'Updated']}
              pickHeader={tags.select && <TagSelectHeader />}
            >
              {shown.map((connection) => (
                <ConnectionRow
                  key={connection.id}
                  connection={connection}
                  tags={tags.tagsOf(connection)}
                  select={tags.select?.(connection)}
                />
              ))}
            </ListTable>
          )}
        </ListBody>
      </section>
      {creating && <ConnectionForm onClose={() => setCreating(false)} />}
    </div>
  );
}
