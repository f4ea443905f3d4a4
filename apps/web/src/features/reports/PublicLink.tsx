// A report's public address, to copy or open.
import { useState } from 'react';
import { paths } from '@atlas/routes';

export const publicReportUrl = (id: string, origin = window.location.origin) => `${origin}${paths.publicReport(id)}`;

export function PublicLink({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  const link = publicReportUrl(id);
  return (
    <div className="report-link">
      <input className="field__input" readOnly value={link} aria-label="Public link" onFocus={(event) => event.target.select()} />
      <button type="button" className="button button--ghost" onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <a className="button button--ghost" href={link} target="_blank" rel="noreferrer">
        Open
      </a>
    </div>
  );
}
