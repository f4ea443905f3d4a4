// What every catalogue list does with tags, behind one hook: the tag filter in the address (`?tags=<id>,<id>`) and the
// records carrying every tag of it, each record's tags (from its answer, or the organization's tags on its type), and
// for makers the pick boxes of bulk tagging and the bulk bar. See docs/tags.md.
import type { ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ResourceType, TagSummary } from '@atlas/domain';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { canCreate } from '../catalogue';
import { BulkTagBar } from './BulkTagBar';
import { TAG_FILTER_PARAM, describeTags, formatTagFilter, parseTagFilter, withTags } from './filter';
import { useTagIndex, useTagNames } from './queries';
import { TagFilter } from './TagFilter';
import { TagSelectBox } from './TagSelect';
import { useTagSelection } from './useTagSelection';

export interface ListTagsOptions {
  /** What the records are called: "maps". */
  plural: string;
  /** The list's address (useListAddress): the filter is read from it and written to it, a new filter at page 1. */
  address: { params: URLSearchParams; update(changes: Record<string, string | null>): void };
  /** Read again after tags changed: the list's query key. */
  listKey: QueryKey;
}

/** The records whose answers carry no tags: the organization's tags on their type give them (GET /v1/tags/for-organization). */
const INDEXED: ReadonlySet<ResourceType> = new Set<ResourceType>(['data-connection', 'map-asset', 'project', 'query-template', 'query-bookmark']);

/** A record of a list: its tags when its answer carries them. */
export interface TaggableRecord {
  id: string;
  name: string;
  tags?: readonly TagSummary[];
}

export interface ListTags {
  /** The tag ids the address asks for. */
  ids: string[];
  /** "the tag “retail”", for what an empty list says; null without a tag filter. */
  described: string | null;
  tagsOf(record: TaggableRecord): readonly TagSummary[];
  /** The records carrying every tag asked for, in their order. */
  keep<T extends TaggableRecord>(records: readonly T[]): T[];
  /** A maker's pick box for the record (the card or row shows it only when the user may write the record); none for a viewer seat. */
  select: ((record: TaggableRecord) => ReactNode) | undefined;
  /** The toolbar's tag filter. */
  filter: ReactNode;
  /** The toolbar's bulk tagging (makers). */
  bar: ReactNode;
}

export function useListTags(resourceType: ResourceType, { plural, address, listKey }: ListTagsOptions): ListTags {
  const maker = canCreate(useSignedInUser());
  const queryClient = useQueryClient();
  const ids = parseTagFilter(address.params.get(TAG_FILTER_PARAM));
  const names = useTagNames(ids);
  const indexed = INDEXED.has(resourceType);
  const index = useTagIndex(resourceType, indexed);
  // Another scope of the list (whose records) starts with nothing picked.
  const selection = useTagSelection(address.params.get('scope') ?? '');
  const tagsOf = (record: TaggableRecord) => record.tags ?? index.data?.get(record.id) ?? [];
  // Known tags go with a picked record (Remove tags offers them); unknown while the index loads.
  const known = !indexed || index.isSuccess;

  return {
    ids,
    described: ids.length ? describeTags(names) : null,
    tagsOf,
    keep: (records) => withTags(records, ids, tagsOf),
    select: maker ? (record) => <TagSelectBox record={{ id: record.id, name: record.name, tags: known ? tagsOf(record) : undefined }} selection={selection} /> : undefined,
    filter: <TagFilter value={ids} onChange={(next) => address.update({ [TAG_FILTER_PARAM]: formatTagFilter(next), page: null })} />,
    bar: maker && <BulkTagBar resourceType={resourceType} plural={plural} selection={selection} refresh={() => queryClient.invalidateQueries({ queryKey: listKey })} />,
  };
}
