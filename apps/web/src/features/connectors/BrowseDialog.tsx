// Browse a connection: its schemas, a schema's tables, a table's columns with their warehouse types, and its first rows.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DataConnection, SchemaEntry } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { Modal } from '../sharing';
import { PreviewTable } from './PreviewTable';
import { connectionKeys } from './queries';

export function BrowseDialog({ connection, onClose }: { connection: DataConnection; onClose(): void }) {
  const [schema, setSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  return (
    <Modal title={`Browse “${connection.name}”`} onClose={onClose} wide>
      <div className="connectors-browse">
        <Listing
          connectionId={connection.id}
          path={[]}
          label="Schemas"
          empty="The connection’s user may use no schema."
          selected={schema}
          onSelect={(name) => {
            setSchema(name);
            setTable(null);
          }}
        />
        {schema !== null && (
          <Listing connectionId={connection.id} path={[schema]} label={`Tables of ${schema}`} empty={`Schema ${schema} has no table or view.`} selected={table} onSelect={setTable} />
        )}
        {schema !== null && table !== null && <TableDetails connection={connection} schema={schema} table={table} />}
      </div>
    </Modal>
  );
}

function useSchema(connectionId: string, path: string[]) {
  const client = useApiClient();
  return useQuery({ queryKey: connectionKeys.schema(connectionId, path), queryFn: () => client.dataConnections.schema(connectionId, path), retry: false });
}

interface ListingProps {
  connectionId: string;
  path: string[];
  label: string;
  empty: string;
  selected: string | null;
  onSelect(name: string): void;
}

function Listing({ connectionId, path, label, empty, selected, onSelect }: ListingProps) {
  const listing = useSchema(connectionId, path);
  return (
    <section className="connectors-browse__pane" aria-label={label}>
      <h3 className="connectors-browse__title">{label}</h3>
      <Answer listing={listing} empty={empty}>
        {(items) => (
          <ul className="connectors-browse__list">
            {items.map((item) => (
              <li key={item.name}>
                <button type="button" className="connectors-browse__item" aria-pressed={selected === item.name} onClick={() => onSelect(item.name)}>
                  {item.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Answer>
    </section>
  );
}

function TableDetails({ connection, schema, table }: { connection: DataConnection; schema: string; table: string }) {
  const columns = useSchema(connection.id, [schema, table]);
  return (
    <section className="connectors-browse__pane connectors-browse__pane--wide" aria-label={`Table ${schema}.${table}`}>
      <h3 className="connectors-browse__title">
        {schema}.{table}
      </h3>
      <Answer listing={columns} empty="The table has no column the connection’s user may read.">
        {(items) => (
          <table className="table connectors-browse__columns" aria-label="Columns">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Type</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.name}>
                  <th scope="row">{item.name}</th>
                  <td>{item.type ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Answer>
      <PreviewTable connection={connection} schema={schema} table={table} />
    </section>
  );
}

function Answer({ listing, empty, children }: { listing: ReturnType<typeof useSchema>; empty: string; children(items: SchemaEntry[]): React.ReactNode }) {
  if (listing.isPending) return <Spinner label="Reading the connection…" />;
  if (listing.isError)
    return (
      <p className="form__error" role="alert">
        {errorText(listing.error)}
      </p>
    );
  if (listing.data.items.length === 0) return <p className="catalogue-list__empty">{empty}</p>;
  return <>{children(listing.data.items)}</>;
}
