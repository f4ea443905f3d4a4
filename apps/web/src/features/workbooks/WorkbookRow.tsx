// One workbook of the list: its name, owner, datasets, tags and last change, and what the user may do with it.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { CatalogueRecord } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { CardActions, ownerLabel, recordAbilities } from '../catalogue';
import { TagChips } from '../tags';
import { workbookKeys } from './queries';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Workbooks follow the maps' access rules (the same server check): owners and editors share and delete. `select`:
 * when given (a maker's list), a first cell holding it on workbooks the user may write (bulk tagging).
 */
export function WorkbookRow({ record, select }: { record: CatalogueRecord; select?: ReactNode }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const abilities = recordAbilities(record, user);
  const datasets = record.datasets.length;

  return (
    <tr data-workbook={record.id}>
      {select !== undefined && <td className="tag-table-select">{abilities.write && select}</td>}
      <th scope="row">
        <Link to={paths.workbook(record.id)}>{record.name}</Link>
        {record.description && <span className="workbooks-table__description">{record.description}</span>}
      </th>
      <td data-testid="workbook-owner">{ownerLabel(record, user)}</td>
      <td className="num">{datasets === 1 ? '1 dataset' : `${datasets} datasets`}</td>
      <td className="workbooks-table__tags">
        <TagChips tags={record.tags} />
      </td>
      <td className="workbooks-table__date">{dateFormat.format(new Date(record.updatedAt))}</td>
      <td>
        <CardActions
          abilities={abilities}
          share={{ resourceType: 'workbook', resourceId: record.id, name: record.name, lock: record.lock }}
          deletion={{
            label: 'Delete workbook',
            text: 'The workbook, its saved states and its sharing go away for everyone it is shared with. Its datasets stay. This cannot be undone.',
            remove: () => client.workbooks.remove(record.id),
            onDeleted: () => queryClient.invalidateQueries({ queryKey: workbookKeys.all }),
          }}
        >
          <Link to={paths.workbook(record.id)} className="button button--ghost">
            Open
          </Link>
        </CardActions>
      </td>
    </tr>
  );
}
