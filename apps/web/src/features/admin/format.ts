import type { QuotaPolicy, Seat } from '@atlas/domain';

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const formatDate = (iso: string) => dates.format(new Date(iso));

export const SEAT_LABELS = { maker: 'Maker', viewer: 'Viewer' } as const satisfies Record<Seat, string>;

/** An organization's maker policy: null means makers get the `maker` policy. */
export const DEFAULT_MAKER_POLICY = 'maker';

/** The name of a policy by id, the id itself while the policies are unknown or when the id is not one of them. */
export function policyName(policies: readonly QuotaPolicy[] | undefined, id: string): string {
  return policies?.find((policy) => policy.id === id)?.name ?? id;
}
