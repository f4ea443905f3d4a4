// Create or edit a map style: a MapLibre style JSON file uploaded as the asset's file, or the address of an external
// style with an optional access token. The token is write-only: it is never shown back, only replaced or removed.
import { useState, type FormEvent } from 'react';
import type { MapAsset } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { AssetDialogFrame, useAssetForm } from './AssetFields';
import { StyleFileError, checkStyleUrl, readStyleFile, type StyleSummary } from './style';

type Source = 'file' | 'url';

interface StyleMetadata {
  externalUrl?: string;
  accessToken?: string | null;
}

export function StyleDialog({ asset, onClose }: { asset: MapAsset | null; onClose(): void }) {
  const form = useAssetForm('map-style', asset, onClose);
  const { name, setName, setProblem } = form;
  const metadata = (asset?.metadata ?? {}) as StyleMetadata;
  const [source, setSource] = useState<Source>(metadata.externalUrl ? 'url' : 'file');
  const [file, setFile] = useState<{ blob: Blob; summary: StyleSummary } | null>(null);
  const [url, setUrl] = useState(metadata.externalUrl ?? '');
  const [token, setToken] = useState('');
  const [dropToken, setDropToken] = useState(false);
  // The owner's answer says a token is stored (its value is not shown here).
  const hasToken = typeof metadata.accessToken === 'string' && metadata.accessToken.length > 0;
  const hasFile = Boolean(asset?.assetReadPath) && !metadata.externalUrl;

  const readFile = async (next: File | null) => {
    setFile(null);
    setProblem(null);
    if (!next) return;
    try {
      const text = await next.text();
      const summary = readStyleFile(text);
      setFile({ blob: new Blob([text], { type: 'application/json' }), summary });
      if (!name.trim() && summary.name) setName(summary.name);
    } catch (error) {
      setProblem(error instanceof StyleFileError ? error.message : errorText(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (source === 'file' && !file && !hasFile) return setProblem('Choose the style JSON file');
    try {
      const nextMetadata: StyleMetadata =
        source === 'url'
          ? { externalUrl: checkStyleUrl(url), ...(token ? { accessToken: token } : dropToken ? { accessToken: null } : {}) }
          : hasToken
            ? { accessToken: null }
            : {};
      form.save.mutate({ metadata: nextMetadata as Record<string, unknown>, file: source === 'file' ? (file?.blob ?? null) : null });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const busy = form.save.isPending;
  return (
    <AssetDialogFrame form={form} asset={asset} newTitle="New map style" createLabel="Create style" formId="style-form" onSubmit={submit} onClose={onClose}>
        <div className="segmented" role="group" aria-label="Style source">
          <button type="button" className="segmented__option" aria-pressed={source === 'file'} onClick={() => setSource('file')} disabled={busy}>
            Style JSON file
          </button>
          <button type="button" className="segmented__option" aria-pressed={source === 'url'} onClick={() => setSource('url')} disabled={busy}>
            External address
          </button>
        </div>
        {source === 'file' ? (
          <label className="field">
            <span className="field__label">{hasFile ? 'Replace the style file (MapLibre style JSON)' : 'Style file (MapLibre style JSON)'}</span>
            <input className="field__input" type="file" accept=".json,application/json" disabled={busy} aria-label="Style file" onChange={(event) => void readFile(event.target.files?.[0] ?? null)} />
            {file && (
              <span className="asset-form__hint">
                {file.summary.name ? `“${file.summary.name}”: ` : ''}
                {file.summary.layers} layers, {file.summary.sources} sources
              </span>
            )}
          </label>
        ) : (
          <>
            <label className="field">
              <span className="field__label">Style address</span>
              <input className="field__input" type="url" value={url} placeholder="https://tiles.example.com/styles/dark/style.json" disabled={busy} onChange={(event) => setUrl(event.target.value)} aria-label="Style address" />
              <span className="asset-form__hint">Maps fetch this address from the browser: it works only where that host is reachable.</span>
            </label>
            <label className="field">
              <span className="field__label">{hasToken ? 'Access token (one is stored: type a new one to replace it)' : 'Access token (optional)'}</span>
              <input className="field__input" type="password" autoComplete="off" value={token} disabled={busy || dropToken} onChange={(event) => setToken(event.target.value)} aria-label="Access token" />
            </label>
            {hasToken && (
              <label className="asset-form__check">
                <input type="checkbox" checked={dropToken} disabled={busy} onChange={(event) => setDropToken(event.target.checked)} />
                Remove the stored access token
              </label>
            )}
          </>
        )}
    </AssetDialogFrame>
  );
}
