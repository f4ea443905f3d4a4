// What the connectors list shows: whose connections (there is no "shared with you" call for connections), the
// search over names and types, newest change first.
import type { DataConnection } from '@atlas/domain';
import { connectionType } from './connectionTypes';

export const CONNECTION_SCOPES = ['mine', 'organization'] as const;
export type ConnectionScope = (typeof CONNECTION_SCOPES)[number];

export const parseConnectionScope = (text: string | null): ConnectionScope => (text === 'organization' ? 'organization' : 'mine');

/** The connections whose name or type label contains the search (any case), last changed first. */
export function shownConnections(items: readonly DataConnection[], search: string): DataConnection[] {
  const wanted = search.trim().toLowerCase();
  const matches = wanted
    ? items.filter((item) => item.name.toLowerCase().includes(wanted) || connectionType(item.type).label.toLowerCase().includes(wanted))
    : [...items];
  return matches.sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}
