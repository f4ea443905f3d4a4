// Accounts: merge accounts. The administrator finds users, picks a primary and one or more secondaries of its
// organization, asks what would move (a dry run that changes nothing), confirms, and sees what moved. The secondaries
// are disabled afterwards (docs/admin.md "Account merge", docs/admin-console.md).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { User } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { ListError } from '../catalogue';
import { primaryRefusal, secondaryRefusal, summaryRows, usageChanges, userSearch, QUOTA_NAMES, type MergeAccountsResult } from './accounts';
import { ConfirmWrite } from './ConfirmWrite';
import { SEAT_LABELS } from './format';
import { adminKeys, useAdminWrite } from './queries';
import './accounts.css';

const numbers = new Intl.NumberFormat('en-US');
const SEARCH_LIMIT = 20;
const label = (user: Pick<User, 'name' | 'email'>) => (user.name ? `${user.name} (${user.email})` : user.email);

export function AccountsSection() {
  const client = useApiClient();
  const signedIn = useSignedInUser();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<ReturnType<typeof userSearch>>(null);
  const [primary, setPrimary] = useState<User | null>(null);
  const [secondaries, setSecondaries] = useState<User[]>([]);
  const [report, setReport] = useState<MergeAccountsResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  const found = useQuery({
    queryKey: [...adminKeys.all, 'accounts-search', search],
    queryFn: () => client.admin.users.lookUp({ ...search!, limit: SEARCH_LIMIT }),
    enabled: search !== null,
    retry: false,
  });
  // The dry run changes nothing, so it refreshes nothing; the merge refreshes every list of the console.
  const dryRun = useMutation({ mutationFn: (body: { primaryId: string; secondaryIds: string[] }) => client.admin.mergeAccounts({ ...body, dryRun: true }) });
  const merge = useAdminWrite((api, body: { primaryId: string; secondaryIds: string[] }) => api.admin.mergeAccounts(body));

  const selection = primary && secondaries.length ? { primaryId: primary.id, secondaryIds: secondaries.map((user) => user.id) } : null;
  // A summary is about one selection: changing it asks again.
  const changed = () => {
    setReport(null);
    dryRun.reset();
  };
  const choosePrimary = (user: User | null) => {
    setPrimary(user);
    changed();
  };
  const chooseSecondaries = (next: User[]) => {
    setSecondaries(next);
    changed();
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch(userSearch(typed));
  };
  const summarize = () => selection && dryRun.mutate(selection, { onSuccess: setReport });
  const summaryShown = report?.dryRun === true;

  return (
    <section className="card panel catalogue-list" aria-label="Accounts">
      <p className="panel__subtitle">
        Merging moves every record, grant, tag, project, API key and quota use of the secondary accounts to the primary in one step; the secondaries are then disabled and can no
        longer sign in. All accounts must belong to the same organization. You see what will move before anything changes.
      </p>
      <form className="catalogue-list__tools" onSubmit={find}>
        <input
          className="field__input catalogue-list__search"
          type="search"
          value={typed}
          placeholder="Name or whole e-mail address"
          aria-label="Find users"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--ghost" disabled={!typed.trim()}>
          Find
        </button>
      </form>
      <SearchResults
        search={search !== null}
        query={found}
        primary={primary}
        secondaries={secondaries}
        signedInId={signedIn.id}
        onPrimary={choosePrimary}
        onSecondary={(user) => chooseSecondaries([...secondaries, user])}
      />

      <h3 className="admin-accounts__heading">Merge</h3>
      <dl className="admin-details" data-testid="merge-selection">
        <dt>Primary (keeps everything)</dt>
        <dd data-testid="merge-primary">
          {primary ? (
            <>
              {label(primary)}, {primary.organization.name}{' '}
              <button type="button" className="button button--ghost" onClick={() => choosePrimary(null)}>
                Remove
              </button>
            </>
          ) : (
            <span className="admin-report__note">None yet: find a user and choose “Primary”.</span>
          )}
        </dd>
        <dt>Secondaries (disabled afterwards)</dt>
        <dd data-testid="merge-secondaries">
          {secondaries.length ? (
            <ul className="admin-accounts__list">
              {secondaries.map((user) => (
                <li key={user.id}>
                  {label(user)}{' '}
                  <button type="button" className="button button--ghost" aria-label={`Remove ${user.email}`} onClick={() => chooseSecondaries(secondaries.filter((other) => other.id !== user.id))}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <span className="admin-report__note">None yet: find users and choose “Secondary”.</span>
          )}
        </dd>
      </dl>
      <div className="catalogue-list__tools">
        <button type="button" className="button button--ghost" disabled={!selection || dryRun.isPending} onClick={summarize}>
          {dryRun.isPending ? 'Checking…' : 'Show what will move'}
        </button>
        {summaryShown && (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Merge accounts
          </button>
        )}
      </div>
      {dryRun.isError && (
        <p className="form__error" role="alert">
          {errorText(dryRun.error)}
        </p>
      )}
      {report && <MergeReport report={report} />}
      {confirming && report && selection && (
        <ConfirmWrite
          title={`Merge ${report.secondaries.length} account(s) into ${report.primary.email}?`}
          confirmLabel="Merge accounts"
          danger
          run={async () => {
            const done = await merge.mutateAsync(selection);
            setPrimary(null);
            setSecondaries([]);
            setReport(done);
          }}
          onClose={() => setConfirming(false)}
        >
          <p>
            What the summary lists moves to {report.primary.email}, as it stands when you confirm. {report.secondaries.map((user) => user.email).join(', ')}{' '}
            {report.secondaries.length === 1 ? 'is' : 'are'} then disabled: signed out everywhere and unable to sign in again. This cannot be undone.
          </p>
        </ConfirmWrite>
      )}
    </section>
  );
}

function SearchResults({
  search,
  query,
  primary,
  secondaries,
  signedInId,
  onPrimary,
  onSecondary,
}: {
  search: boolean;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: User[]; refetch(): unknown };
  primary: User | null;
  secondaries: User[];
  signedInId: string;
  onPrimary(user: User): void;
  onSecondary(user: User): void;
}) {
  if (!search) return <p className="catalogue-list__empty">Find the accounts to merge by a part of their name or their whole e-mail address.</p>;
  if (query.isPending) return <Spinner label="Finding users…" />;
  if (query.isError) return <ListError message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const users = query.data ?? [];
  if (!users.length) return <p className="catalogue-list__empty">No user’s name contains that text.</p>;
  return (
    <div className="admin-table__scroll">
      <table className="table admin-table" data-testid="merge-candidates">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Organization</th>
            <th scope="col">Seat</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const asPrimary = primary?.id === user.id ? 'This is the primary account' : primaryRefusal(user, secondaries);
            const asSecondary = secondaryRefusal(user, primary, secondaries, signedInId);
            return (
              <tr key={user.id} data-testid="merge-candidate">
                <th scope="row">{label(user)}</th>
                <td>{user.organization.name}</td>
                <td>{SEAT_LABELS[user.seat]}</td>
                <td className="admin-table__actions">
                  <button type="button" className="button button--ghost" disabled={asPrimary !== null} title={asPrimary ?? undefined} onClick={() => onPrimary(user)}>
                    Primary
                  </button>
                  <button type="button" className="button button--ghost" disabled={asSecondary !== null} title={asSecondary ?? undefined} onClick={() => onSecondary(user)}>
                    Secondary
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A dry run's summary (what will move) or a merge's report (what moved). */
export function MergeReport({ report }: { report: MergeAccountsResult }) {
  const rows = summaryRows(report.counts);
  const usage = usageChanges(report);
  return (
    <div className="admin-report" data-testid="merge-report" aria-label={report.dryRun ? 'What will move' : 'What moved'}>
      <p className={report.dryRun ? 'admin-report__message' : 'admin-report__message admin-report__message--done'} data-testid="merge-message">
        {report.message}
      </p>
      {rows.length ? (
        <div className="admin-table__scroll">
          <table className="table admin-table">
            <caption className="admin-report__caption">{report.dryRun ? 'What will move to the primary' : 'What moved to the primary'}</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.kind} data-testid="merge-count">
                  <th scope="row">{row.label}</th>
                  <td className="num">{numbers.format(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-report__note">The secondaries own nothing and hold no grants: {report.dryRun ? 'merging only disables them' : 'they were only disabled'}.</p>
      )}
      {usage.length > 0 && (
        <p className="admin-report__note" data-testid="merge-usage">
          Quota use of {report.primary.email}: {usage.map((change) => `${change.label} ${numbers.format(change.before)} → ${numbers.format(change.after)}`).join(', ')}.
        </p>
      )}
      {report.overLimit.length > 0 && (
        <p className="form__error" data-testid="merge-over-limit">
          {report.primary.email} {report.dryRun ? 'will be' : 'is'} above their limit for {report.overLimit.map((key) => QUOTA_NAMES[key]).join(', ')}: nothing is removed, but they cannot
          create more of it until they are under it.
        </p>
      )}
    </div>
  );
}
