// A page of a taggable listing (templates, bookmarks) as the repos take it: the request's paging with its defaults
// and its tag filter.
import { SQL_PAGING_DEFAULTS, type TaggedPagingQuery } from '@atlas/domain';

export interface ListPage {
  offset: number;
  limit: number;
  /** Only records carrying every one of these tags of the caller's organization. */
  tagIds?: readonly string[];
}

export const listPage = (query: TaggedPagingQuery): ListPage => ({
  offset: query.offset ?? SQL_PAGING_DEFAULTS.offset,
  limit: query.limit ?? SQL_PAGING_DEFAULTS.limit,
  tagIds: query.tagId,
});
