// The dataset list's table: sortable headers, one row per dataset, a pick box per row for a new map and, on a maker's
// list, one for bulk tagging.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Dataset } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { ownerLabel, recordAbilities } from '../catalogue';
import { TagChips, TagSelectHeader } from '../tags';
import { formatBytes, formatCount, formatDate } from './format';
import { rowCountOf, sizeOf, type SortKey, type SortState } from './listing';
import { StatusBadge } from './StatusBadge';

const COLUMNS: ReadonlyArray<{ key: SortKey | null; label: string; numeric?: boolean }> = [
  { key: 'name', label: 'Name' },
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Owner' },
  { key: 'size', label: 'Size', numeric: true },
  { key: 'rows', label: 'Rows', numeric: true },
  { key: null, label: 'Tags' },
  { key: 'updated', label: 'Updated' },
];

export interface DatasetTableProps {
  items: Dataset[];
  /** The list's order; null when the rows keep an order of their own (the datasets an address names). */
  sort: SortState | null;
  onSort(key: SortKey): void;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  /** When given (a maker's list), a first column with the pick box of bulk tagging on datasets the user may write. */
  tagSelect?: (dataset: Dataset) => ReactNode;
}

export function DatasetTable({ items, sort, onSort, selectable, selected, onToggle, tagSelect }: DatasetTableProps) {
  const user = useSignedInUser();
  return (
    <div className="datasets-table__scroll">
      <table className="table datasets-table">
        <thead>
          <tr>
            {tagSelect && <TagSelectHeader />}
            {selectable && (
              <th scope="col" className="datasets-table__pick">
                <span className="visually-hidden">Pick for a new map</span>
              </th>
            )}
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? 'num' : undefined}
                aria-sort={column.key && sort?.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {column.key && sort ? (
                  <button type="button" className="sort-button" onClick={() => onSort(column.key!)}>
                    {column.label}
                    <span className="sort-button__arrow" aria-hidden="true">
                      {sort.key === column.key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((dataset) => {
            const rows = rowCountOf(dataset);
            const size = sizeOf(dataset);
            return (
              <tr key={dataset.id} data-dataset={dataset.name}>
                {tagSelect && <td className="tag-table-select">{recordAbilities(dataset, user).write && tagSelect(dataset)}</td>}
                {selectable && (
                  <td className="datasets-table__pick">
                    <input
                      type="checkbox"
                      checked={selected.has(dataset.id)}
                      disabled={dataset.status !== 'ready' && !selected.has(dataset.id)}
                      title={dataset.status === 'ready' ? undefined : 'Only datasets with data can go on a map'}
                      onChange={() => onToggle(dataset.id)}
                      aria-label={`Pick ${dataset.name} for a new map`}
                    />
                  </td>
                )}
                <th scope="row">
                  <Link to={paths.dataset(dataset.id)}>{dataset.name}</Link>
                  {dataset.description && <span className="datasets-table__description">{dataset.description}</span>}
                </th>
                <td>{dataset.type}</td>
                <td>
                  <StatusBadge status={dataset.status} metadata={dataset.metadata} />
                </td>
                <td data-testid="dataset-owner">{ownerLabel(dataset, user)}</td>
                <td className="num">{size === null ? '—' : formatBytes(size)}</td>
                <td className="num">{rows === null ? '—' : formatCount(rows)}</td>
                <td className="datasets-table__tags">
                  <TagChips tags={dataset.tags} />
                </td>
                <td className="datasets-table__date">{formatDate(dataset.updatedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
