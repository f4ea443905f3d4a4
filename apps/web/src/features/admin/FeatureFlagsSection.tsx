// Feature flags (docs/feature-flags.md): one organization's flags, picked by the `organizationId` of the address (the
// administrator's own organization when left out), each a labelled switch with what it does. A toggle is written at
// once (PUT /v1/admin/organizations/{id}/flags with that one flag), without a confirmation: one click undoes it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FEATURE_FLAGS, FEATURE_FLAG_DESCRIPTIONS, type FeatureFlag, type OrganizationFeatureFlags } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { ListError, useListAddress } from '../catalogue';
import { formatDate } from './format';
import { useAdminWrite, useOrganizationChoices } from './queries';
import './feature-flags.css';

/** Under 'admin': every console write reads it again (useAdminWrite). */
const flagsKey = (organizationId: string) => ['admin', 'feature-flags', organizationId] as const;

export function FeatureFlagsSection() {
  const client = useApiClient();
  const signedIn = useSignedInUser();
  const { params, update } = useListAddress();
  const organizationId = params.get('organizationId') || signedIn.organization.id;
  const organizations = useOrganizationChoices();
  const flags = useQuery({ queryKey: flagsKey(organizationId), queryFn: () => client.admin.featureFlags.get(organizationId), retry: false });
  const listed = organizations.data?.some((organization) => organization.id === organizationId) ?? false;

  let body;
  if (flags.isPending) body = <Spinner label="Loading the feature flags…" />;
  else if (flags.isError) body = <ListError message={errorText(flags.error)} onRetry={() => void flags.refetch()} />;
  else body = <FlagSwitches key={organizationId} flags={flags.data} />;

  return (
    <section className="card panel catalogue-list" aria-label="Feature flags">
      <div className="catalogue-list__tools">
        <label className="feature-flags__picker">
          <span>Organization</span>
          <select
            className="field__input catalogue-list__select"
            aria-label="Organization"
            value={organizationId}
            onChange={(event) => update({ organizationId: event.target.value === signedIn.organization.id ? null : event.target.value })}
          >
            {!listed && <option value={organizationId}>{organizationId === signedIn.organization.id ? signedIn.organization.name : organizationId}</option>}
            {organizations.data?.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="feature-flags__lead">
        Each switch turns a part of the studio on or off for every member of the organization; a flag never set is off. Members see the change when their
        screens next read their flags (a reload at the latest).
      </p>
      {body}
    </section>
  );
}

function FlagSwitches({ flags }: { flags: OrganizationFeatureFlags }) {
  const queryClient = useQueryClient();
  const write = useAdminWrite((client, change: { flag: FeatureFlag; on: boolean }) => client.admin.featureFlags.set(flags.organizationId, { [change.flag]: change.on }));
  const toggle = (flag: FeatureFlag, on: boolean) =>
    write.mutate({ flag, on }, { onSuccess: (answer) => queryClient.setQueryData(flagsKey(flags.organizationId), answer) });
  const busy = write.isPending ? write.variables?.flag : undefined;

  return (
    <div className="feature-flags" data-testid="feature-flags">
      {write.isError && (
        <p className="form__error" role="alert">
          {errorText(write.error)}
        </p>
      )}
      <ul className="feature-flags__list">
        {FEATURE_FLAGS.map((flag) => {
          const on = flags.flags[flag];
          const id = `feature-flag-${flag}`;
          return (
            <li key={flag} className="feature-flags__item" data-flag={flag}>
              <input
                id={id}
                type="checkbox"
                role="switch"
                className="feature-flags__switch"
                checked={busy === flag ? write.variables!.on : on}
                aria-checked={busy === flag ? write.variables!.on : on}
                aria-describedby={`${id}-description`}
                disabled={write.isPending}
                onChange={(event) => toggle(flag, event.target.checked)}
              />
              <span className="feature-flags__text">
                <label htmlFor={id} className="feature-flags__name">
                  {flag}
                </label>
                <span id={`${id}-description`} className="feature-flags__description">
                  {FEATURE_FLAG_DESCRIPTIONS[flag]}
                </span>
              </span>
              <span className={`feature-flags__state${on ? ' is-on' : ''}`}>{on ? 'On' : flags.stored.includes(flag) ? 'Off' : 'Off (default)'}</span>
            </li>
          );
        })}
      </ul>
      <p className="feature-flags__updated">{flags.updatedAt ? `Last changed ${formatDate(flags.updatedAt)}.` : 'No flag of this organization was ever set: every one is off.'}</p>
    </div>
  );
}
