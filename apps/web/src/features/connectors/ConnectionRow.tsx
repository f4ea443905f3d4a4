// One connection of the list: name, type, owner, tags, last change, and what the user may do with it — test and
// browse (anyone who reads it), a new map from its query (a maker seat, warehouses), edit, share and delete (its owner
// and editors with a maker seat).
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DataConnection, TagSummary } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { canCreate, CardActions, recordAbilities } from '../catalogue';
import { TagChips } from '../tags';
import { BrowseDialog } from './BrowseDialog';
import { StorageDialog } from './StorageDialog';
import { ConnectionForm } from './ConnectionForm';
import { connectionType } from './connectionTypes';
import { connectionKeys } from './queries';
import { TestResult, type TestState } from './TestResult';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export interface ConnectionRowProps {
  connection: DataConnection;
  tags: readonly TagSummary[];
  /** When given (a maker's list), a first cell holding it on connections the user may write (bulk tagging). */
  select?: ReactNode;
}

export function ConnectionRow({ connection, tags, select }: ConnectionRowProps) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const abilities = recordAbilities(connection, user);
  const [dialog, setDialog] = useState<'browse' | 'edit' | null>(null);
  const [test, setTest] = useState<TestState | null>(null);
  const info = connectionType(connection.type);

  const runTest = async () => {
    setTest({ state: 'running' });
    try {
      setTest({ state: 'ok', result: await client.dataConnections.test({ connectionId: connection.id }) });
    } catch (error) {
      setTest({ state: 'failed', error });
    }
  };

  return (
    <tr data-connection={connection.id}>
      {select !== undefined && <td className="tag-table-select">{abilities.write && select}</td>}
      <th scope="row">
        <span className="connectors-table__name">{connection.name}</span>
        <TestResult test={test} />
      </th>
      <td data-testid="connection-type">
        {info.label}
        {info.kind === 'storage' && <span className="connectors-table__note">storage</span>}
      </td>
      <td data-testid="connection-owner">{connection.ownerId === user.id ? 'You' : 'Another member'}</td>
      <td className="connectors-table__tags">
        <TagChips tags={tags} />
      </td>
      <td className="connectors-table__date">{dateFormat.format(new Date(connection.updatedAt))}</td>
      <td>
        <CardActions
          abilities={abilities}
          share={{ resourceType: 'data-connection', resourceId: connection.id, name: connection.name }}
          deletion={{
            label: 'Delete connection',
            text: 'The connection, its stored secret and its sharing go away for everyone it is shared with; maps and datasets that query it stop working. This cannot be undone.',
            remove: () => client.dataConnections.remove(connection.id),
            onDeleted: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
          }}
        >
          <button type="button" className="button button--ghost" onClick={() => void runTest()} disabled={test?.state === 'running'}>
            Test
          </button>
          <button type="button" className="button button--ghost" onClick={() => setDialog('browse')}>
            Browse
          </button>
          {info.kind === 'warehouse' && canCreate(user) && (
            <Link className="button button--ghost" to={paths.newMap({ connectorUuid: connection.id })}>
              New map
            </Link>
          )}
          {abilities.write && (
            <button type="button" className="button button--ghost" onClick={() => setDialog('edit')}>
              Edit
            </button>
          )}
        </CardActions>
        {dialog === 'browse' &&
          (info.kind === 'storage' ? <StorageDialog connection={connection} onClose={() => setDialog(null)} /> : <BrowseDialog connection={connection} onClose={() => setDialog(null)} />)}
        {dialog === 'edit' && <ConnectionForm connection={connection} onClose={() => setDialog(null)} />}
      </td>
    </tr>
  );
}
