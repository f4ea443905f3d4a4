// E-mail flags: the deliverability flags of one address (whether or not an account uses it), looked up by the exact
// address, and set with a form of its own; flags not changed keep their value on the server.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListError, useListAddress } from '../catalogue';
import type { EmailFlags } from './admin-types';
import { formatDate } from './format';
import { adminKeys, useAdminWrite } from './queries';

const FLAG_KEYS = ['doNotEmail', 'bounced', 'complained'] as const;
type FlagKey = (typeof FLAG_KEYS)[number];
const FLAG_LABELS = {
  doNotEmail: 'Do not e-mail (asked for no mail beyond what the account needs)',
  bounced: 'Bounced (mail to it bounced)',
  complained: 'Complained (reported our mail as spam)',
} as const satisfies Record<FlagKey, string>;

export function EmailFlagsSection() {
  const client = useApiClient();
  const { params, update } = useListAddress();
  const email = params.get('email') ?? '';
  const [typed, setTyped] = useState(email);
  const flags = useQuery({ queryKey: adminKeys.emailFlags(email), queryFn: () => client.admin.emailFlags.get(email), enabled: email !== '', retry: false });

  const find = (event: FormEvent) => {
    event.preventDefault();
    update({ email: typed.trim() || null });
  };

  let body;
  if (!email) body = <p className="catalogue-list__empty">Enter an address: its flags are kept whether or not an account uses it.</p>;
  else if (flags.isPending) body = <Spinner label="Loading the flags…" />;
  else if (flags.isError) body = <ListError message={errorText(flags.error)} onRetry={() => void flags.refetch()} />;
  else body = <FlagsForm key={flags.data.email} flags={flags.data} />;

  return (
    <section className="card panel catalogue-list" aria-label="E-mail flags">
      <div className="catalogue-list__tools">
        <form className="admin-inline-form" onSubmit={find}>
          <input className="field__input" type="search" value={typed} placeholder="Exact e-mail address" aria-label="E-mail address" onChange={(event) => setTyped(event.target.value)} />
          <button type="submit" className="button button--ghost" disabled={!typed.trim()}>
            Look up
          </button>
        </form>
      </div>
      {body}
    </section>
  );
}

function FlagsForm({ flags }: { flags: EmailFlags }) {
  const [values, setValues] = useState<Record<FlagKey, boolean>>(() => pickFlags(flags));
  const [saved, setSaved] = useState(false);
  const save = useAdminWrite((client, next: Record<FlagKey, boolean>) => client.admin.emailFlags.set(flags.email, next));
  const changed = FLAG_KEYS.some((key) => values[key] !== flags[key]);

  const toggle = (key: FlagKey, on: boolean) => {
    setSaved(false);
    setValues((current) => ({ ...current, [key]: on }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => setSaved(true) });
  };

  return (
    <form className="form admin-flags" onSubmit={submit} data-testid="email-flags">
      <p>
        <strong>{flags.email}</strong>
        {' · '}
        {flags.userId ? 'used by an account' : 'no account uses this address'}
        {' · '}
        {flags.updatedAt ? `last set ${formatDate(flags.updatedAt)}` : 'never flagged'}
      </p>
      {FLAG_KEYS.map((key) => (
        <label key={key} className="admin-flags__flag">
          <input type="checkbox" checked={values[key]} onChange={(event) => toggle(key, event.target.checked)} /> {FLAG_LABELS[key]}
        </label>
      ))}
      {save.isError && (
        <p className="form__error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {saved && !changed && <p role="status">Saved.</p>}
      <div className="admin-dialog__actions">
        <button type="submit" className="button button--primary" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save flags'}
        </button>
      </div>
    </form>
  );
}

function pickFlags(flags: EmailFlags): Record<FlagKey, boolean> {
  return { doNotEmail: flags.doNotEmail, bounced: flags.bounced, complained: flags.complained };
}
