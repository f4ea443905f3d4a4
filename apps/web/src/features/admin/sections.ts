// The parts of the administration console, each at /admin?section=…, in the order of its tabs.

export const ADMIN_SECTIONS = ['organizations', 'users', 'invitations', 'quota-policies', 'quota-reconciliation', 'published-maps', 'resources', 'email-flags', 'feature-flags', 'accounts', 'audit-log', 'feedback'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const SECTION_LABELS = {
  organizations: 'Organizations',
  users: 'Users',
  invitations: 'Invitations',
  'quota-policies': 'Quota policies',
  'quota-reconciliation': 'Quota reconciliation',
  'published-maps': 'Published maps',
  resources: 'Resources',
  'email-flags': 'E-mail flags',
  'feature-flags': 'Feature flags',
  accounts: 'Accounts',
  'audit-log': 'Audit log',
  feedback: 'Feedback',
} as const satisfies Record<AdminSection, string>;

/** The section an address names; an unknown or missing one opens the organizations. */
export function parseSection(value: string | null): AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(value ?? '') ? (value as AdminSection) : 'organizations';
}
