import type { Organization } from '@atlas/domain';

/** A console list's organization filter: every organization, or one of `organizations` (the pickers' choices). */
export function OrganizationFilter({ organizations, value, onChange }: { organizations: readonly Organization[] | undefined; value: string; onChange(id: string): void }) {
  return (
    <select className="field__input catalogue-list__select" aria-label="Organization" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Every organization</option>
      {organizations?.map((organization) => (
        <option key={organization.id} value={organization.id}>
          {organization.name}
        </option>
      ))}
    </select>
  );
}
