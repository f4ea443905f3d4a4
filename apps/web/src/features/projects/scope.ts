// Whose projects the list shows (`?scope=`): the server lists the user's own and their organization's.
export const PROJECT_SCOPES = ['mine', 'organization'] as const;
export type ProjectScope = (typeof PROJECT_SCOPES)[number];

export const PROJECT_SCOPE_LABELS: Record<ProjectScope, string> = { mine: 'Yours', organization: 'Your organization' };

export const parseProjectScope = (text: string | null): ProjectScope => (text === 'organization' ? 'organization' : 'mine');
