// Whose records a list shows: the user's own, their organization's, or those shared with them (`?scope=`).
export const LIST_SCOPES = ['mine', 'organization', 'shared'] as const;
export type ListScope = (typeof LIST_SCOPES)[number];

export const SCOPE_LABELS: Record<ListScope, string> = {
  mine: 'Yours',
  organization: 'Your organization',
  shared: 'Shared with you',
};

export const parseScope = (text: string | null): ListScope => ((LIST_SCOPES as readonly string[]).includes(text ?? '') ? (text as ListScope) : 'mine');
