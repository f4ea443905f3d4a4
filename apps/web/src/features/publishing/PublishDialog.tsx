// Publishing a map or dashboard: publish, publish again (a new snapshot of the latest saved version), unpublish, an
// optional password (set, kept or removed), the public link and its view count. Offered only to those who may write
// the record: the server refuses everyone else.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublishedItem } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { Modal } from '../sharing';
import { initialChoice, passwordProblem, publicationSummary, uploadOptionsFor, type PasswordChoice } from './publication';
import type { PublishedKind } from './publishedItem';
import './publishing.css';

export interface PublishDialogProps {
  kind: PublishedKind;
  recordId: string;
  /** The record's name, for the title. */
  name: string;
  onClose(): void;
  /** After a publish (the publication) or an unpublish (null). */
  onChange?(published: PublishedItem | null): void;
}

export const publicationKey = (kind: PublishedKind, recordId: string) => ['publishing', 'publication', kind, recordId] as const;

const NOUN: Record<PublishedKind, string> = { map: 'map', insight: 'dashboard' };

export function PublishDialog({ kind, recordId, name, onClose, onChange }: PublishDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const calls = kind === 'map' ? client.publishing.maps : client.publishing.insights;
  const publication = useQuery({
    queryKey: publicationKey(kind, recordId),
    queryFn: async () => (await calls.publishedList([recordId]))[0]?.published ?? null,
  });
  return (
    <Modal title={`Publish “${name}”`} onClose={onClose}>
      {publication.isError ? (
        <p className="form__error" role="alert">
          Could not read the publication: {errorText(publication.error)}
        </p>
      ) : publication.data === undefined ? (
        <Spinner label="Reading the publication…" />
      ) : (
        <PublishForm
          kind={kind}
          recordId={recordId}
          published={publication.data}
          onPublish={async (options) => {
            const published = await calls.publishNow(recordId, options);
            queryClient.setQueryData(publicationKey(kind, recordId), published);
            onChange?.(published);
          }}
          onUnpublish={async () => {
            await calls.unpublish(recordId);
            queryClient.setQueryData(publicationKey(kind, recordId), null);
            onChange?.(null);
          }}
        />
      )}
    </Modal>
  );
}

interface PublishFormProps {
  kind: PublishedKind;
  recordId: string;
  published: PublishedItem | null;
  onPublish(options: ReturnType<typeof uploadOptionsFor>): Promise<void>;
  onUnpublish(): Promise<void>;
}

export function PublishForm({ kind, recordId, published, onPublish, onUnpublish }: PublishFormProps) {
  const [choice, setChoice] = useState<PasswordChoice>(() => initialChoice(published));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'publish' | 'unpublish' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const problem = passwordProblem(choice, password);
  const link = published ? `${window.location.origin}${published.url}` : null;
  const noun = NOUN[kind];

  const run = async (what: 'publish' | 'unpublish', action: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    try {
      await action();
      setPassword('');
      // What the publication now has: no password after an unpublish, a new password becomes the one kept.
      setChoice((current) => (what === 'unpublish' ? 'none' : current === 'new' ? 'keep' : current));
    } catch (error) {
      setFailure(`Could not ${what} the ${noun}: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="publish-dialog" data-testid="publish-dialog">
      <p className="publish-dialog__status" data-testid="publication-status">
        {publicationSummary(published)}
      </p>
      {link && (
        <div className="publish-dialog__link">
          <input className="field__input" readOnly value={link} aria-label="Public link" onFocus={(event) => event.target.select()} />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
          <a className="button button--ghost" href={link} target="_blank" rel="noreferrer">
            Open
          </a>
        </div>
      )}
      <fieldset className="publish-dialog__password" disabled={busy !== null}>
        <legend className="field__label">Password</legend>
        <label className="publish-dialog__choice">
          <input type="radio" name="password-choice" checked={choice === 'none'} onChange={() => setChoice('none')} />
          None: anyone with the link can view
        </label>
        {published?.passwordProtected && (
          <label className="publish-dialog__choice">
            <input type="radio" name="password-choice" checked={choice === 'keep'} onChange={() => setChoice('keep')} />
            Keep the current password
          </label>
        )}
        <label className="publish-dialog__choice">
          <input type="radio" name="password-choice" checked={choice === 'new'} onChange={() => setChoice('new')} />
          {published?.passwordProtected ? 'Set a new password' : 'Require a password'}
        </label>
        {choice === 'new' && (
          <input
            className="field__input"
            type="password"
            autoComplete="new-password"
            aria-label="New password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {choice === 'new' && problem && password && <p className="publish-dialog__hint">{problem}</p>}
      </fieldset>
      <p className="publish-dialog__hint">
        {published
          ? `Publishing again replaces the public version with the ${noun}’s latest saved version.`
          : `The public version is a copy of the ${noun}’s latest saved version; later changes show once you publish again.`}
      </p>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <div className="publish-dialog__actions">
        <Link className="button button--ghost" to={paths.preview(recordId)} target="_blank">
          Preview
        </Link>
        {published && (
          <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void run('unpublish', onUnpublish)}>
            {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null || problem !== null}
          onClick={() => void run('publish', () => onPublish(uploadOptionsFor(choice, password)))}
        >
          {busy === 'publish' ? 'Publishing…' : published ? 'Publish again' : 'Publish'}
        </button>
      </div>
    </div>
  );
}
