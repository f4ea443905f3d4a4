// A row of the templates' or the bookmarks' table: the pick box (bulk tagging), name and description, the cells
// particular to the record, owner, tags, last change, and the actions: the record's own, then Share and Delete for
// those its answer's actions allow.
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryBookmark, QueryTemplate } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { CardActions, recordAbilities, type CardActionsProps, type RecordAbilities } from '../catalogue';
import { formatDate } from '../datasets/format';
import { TagChips, type ListTags } from '../tags';
import { queryKeys } from './queries';

const KINDS = {
  'query-template': { marker: 'data-template', listKey: queryKeys.templates },
  'query-bookmark': { marker: 'data-bookmark', listKey: queryKeys.bookmarks },
} as const;

export interface RecordRowProps {
  resourceType: keyof typeof KINDS;
  record: QueryTemplate | QueryBookmark;
  tags: ListTags;
  /** The cells between the name and the owner. */
  cells: ReactNode;
  /** The record's own actions, before Share and Delete. */
  actions(may: RecordAbilities): ReactNode;
  /** The Delete button's label and what deleting takes away; the list is read again after. */
  deletion: Omit<CardActionsProps['deletion'], 'onDeleted'>;
}

export function RecordRow({ resourceType, record, tags, cells, actions, deletion }: RecordRowProps) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const may = recordAbilities(record, user);
  const kind = KINDS[resourceType];
  return (
    <tr {...{ [kind.marker]: record.id }}>
      {tags.select && <td className="tag-table-select">{may.write && tags.select(record)}</td>}
      <td>
        <span className="queries-table__name">{record.name}</span>
        {record.description && <span className="queries-table__note">{record.description}</span>}
      </td>
      {cells}
      <td>{record.ownerId === user.id ? 'You' : 'Another member'}</td>
      <td className="queries-table__tags">
        <TagChips tags={tags.tagsOf(record)} />
      </td>
      <td className="queries-table__date">{formatDate(record.updatedAt)}</td>
      <td>
        <CardActions
          abilities={may}
          share={{ resourceType, resourceId: record.id, name: record.name }}
          deletion={{ ...deletion, onDeleted: () => queryClient.invalidateQueries({ queryKey: kind.listKey }) }}
        >
          {actions(may)}
        </CardActions>
      </td>
    </tr>
  );
}
