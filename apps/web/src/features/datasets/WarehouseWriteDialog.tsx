// "Write to warehouse": the dataset's rows into a new table of a PostgreSQL or Redshift connection the user may edit
// (POST /v1/datasets/{id}/workbench). The server refuses a table that exists and writes all rows or none.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { WAREHOUSE_TABLE_NAME_PATTERN, type Dataset } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { recordAbilities, useReadableConnections } from '../catalogue';
import { Modal } from '../sharing';
import { formatCount } from './format';
import { rowCountOf } from './listing';

/** The types whose connectors create tables (docs/connectors.md "Writing a dataset into a warehouse"). */
const WRITABLE_TYPES = ['postgres', 'redshift'] as const;
const TABLE_NAME = new RegExp(WAREHOUSE_TABLE_NAME_PATTERN);

/** The connections of the user and of the organization it may edit. */
function useWritableConnections() {
  const user = useSignedInUser();
  return useReadableConnections(WRITABLE_TYPES, (connection) => recordAbilities(connection, user).write);
}

export function WarehouseWriteDialog({ dataset, onClose }: { dataset: Dataset; onClose(): void }) {
  const client = useApiClient();
  const connections = useWritableConnections();
  const [connectionId, setConnectionId] = useState('');
  const [tableName, setTableName] = useState('');
  const [includeHeader, setIncludeHeader] = useState(true);
  const write = useMutation({ mutationFn: () => client.datasets.workbench(dataset.id, { connectionId: chosen, tableName, includeHeader }) });
  const chosen = connectionId || connections.data?.[0]?.id || '';
  const nameOk = TABLE_NAME.test(tableName);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen && nameOk && !write.isPending) write.mutate();
  };

  return (
    <Modal title="Write to a warehouse" onClose={onClose}>
      {connections.isPending ? (
        <Spinner label="Reading your connections…" />
      ) : connections.isError ? (
        <p className="form__error" role="alert">
          {errorText(connections.error)}
        </p>
      ) : connections.data.length === 0 ? (
        <p className="catalogue-list__empty">
          You may edit no PostgreSQL or Redshift connection. Writing creates a table with the connection’s credentials, so it needs a connection you own or edit (Connectors).
        </p>
      ) : write.isSuccess ? (
        <p role="status" data-testid="warehouse-written">
          Wrote {formatCount(write.data.rowCount)} {write.data.rowCount === 1 ? 'row' : 'rows'} to {write.data.tableName}.
        </p>
      ) : (
        <form className="form" onSubmit={submit}>
          <label className="field">
            <span className="field__label">Connection</span>
            <select className="field__input" value={chosen} onChange={(event) => setConnectionId(event.target.value)} disabled={write.isPending}>
              {connections.data.map((connection) => (
                <option key={connection.id} value={connection.id}>
                  {connection.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">New table</span>
            <input className="field__input" value={tableName} onChange={(event) => setTableName(event.target.value)} placeholder="schema.table" maxLength={127} disabled={write.isPending} />
            <span className="field__hint">table or schema.table: letters, digits and _; a table that exists is never replaced.</span>
          </label>
          <label className="datasets-warehouse__option">
            <input type="checkbox" checked={includeHeader} onChange={(event) => setIncludeHeader(event.target.checked)} disabled={write.isPending} /> Use the dataset’s column
            names (else column_1, column_2, …)
          </label>
          {write.isError && (
            <p className="form__error" role="alert">
              {errorText(write.error)}
            </p>
          )}
          <div>
            <button type="submit" className="button button--primary" disabled={!nameOk || write.isPending}>
              {write.isPending ? `Writing ${rowCountOf(dataset) === null ? 'the' : formatCount(rowCountOf(dataset)!)} rows…` : 'Write table'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
