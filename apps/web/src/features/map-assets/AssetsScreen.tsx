// The list part of the basemaps and colors screens: whose assets, their cards, and the create / edit dialogs.
// `?asset={id}` opens an asset's editor for those who may change it; the server refuses an asset of the other kind
// ("Asset is not a …"). `?tags=` keeps the assets carrying every tag picked; a maker tags the assets they may change
// several at once. Asset answers do not carry their tags: the organization's tags on map assets give them.
import { useState, type ComponentType, type ReactNode } from 'react';
import type { MapAsset } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListError, ScopeTabs, canCreate, noMatchText, parseScope, recordAbilities, useListAddress } from '../catalogue';
import { Modal } from '../sharing';
import { useListTags } from '../tags';
import { AssetCard } from './AssetCard';
import { assetKeys, useAsset, useAssetList, type AssetKind } from './queries';
import './map-assets.css';

export interface AssetDialogProps {
  asset: MapAsset | null;
  onClose(): void;
}

export interface AssetsScreenProps {
  kind: AssetKind;
  title: string;
  subtitle: string;
  createLabel: string;
  /** "map styles", "color palettes". */
  plural: string;
  Dialog: ComponentType<AssetDialogProps>;
  /** Shown above the list (the built-in styles). */
  children?: ReactNode;
}

const ASSET_PARAM = 'asset';

export function AssetsScreen({ kind, title, subtitle, createLabel, plural, Dialog, children }: AssetsScreenProps) {
  useDocumentTitle(title);
  const user = useSignedInUser();
  const maker = canCreate(user);
  const address = useListAddress();
  const { params, update } = address;
  const scope = parseScope(params.get('scope'));
  const linked = params.get(ASSET_PARAM);
  const [editing, setEditing] = useState<MapAsset | 'new' | null>(null);
  const list = useAssetList(kind, scope);
  const tags = useListTags('map-asset', { plural, address, listKey: assetKeys.all });
  const shown = tags.keep(list.data ?? []);

  const empty: Record<typeof scope, string> = {
    mine: maker ? `You have no ${plural} yet. ${createLabel} to offer it in every map you build.` : `You have no ${plural} of your own: a viewer seat uses ${plural} but does not make them.`,
    organization: `Nobody in your organization has made ${plural} yet.`,
    shared: `Nobody has shared ${plural} with you.`,
  };

  let body;
  if (list.isPending) body = <Spinner label={`Loading ${plural}…`} />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0) body = <p className="catalogue-list__empty">{noMatchText(plural.replace(/s$/, ''), '', tags.described) ?? empty[scope]}</p>;
  else
    body = (
      <ul className="catalogue-grid" aria-label={title}>
        {shown.map((asset) => (
          <AssetCard key={asset.id} asset={asset} kind={kind} onEdit={setEditing} tags={tags.tagsOf(asset)} select={tags.select?.(asset)} />
        ))}
      </ul>
    );

  return (
    <div className="page">
      <div className="catalogue-page__head">
        <PageHeader title={title} subtitle={subtitle} />
        {maker && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {createLabel}
          </button>
        )}
      </div>
      {children}
      <section className="card panel catalogue-list" aria-label={`${title} list`}>
        <div className="catalogue-list__tools">
          <ScopeTabs label={`Whose ${plural}`} value={scope} onChange={(option) => update({ scope: option === 'mine' ? null : option })} />
          {tags.filter}
          {tags.bar}
        </div>
        {body}
      </section>
      {editing && <Dialog asset={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {linked && !editing && <LinkedAsset id={linked} kind={kind} title={title} Dialog={Dialog} onClose={() => update({ [ASSET_PARAM]: null })} />}
    </div>
  );
}

/** The asset an address names, read with its kind: its editor, or why it cannot open here. */
function LinkedAsset({ id, kind, title, Dialog, onClose }: { id: string; kind: AssetKind; title: string; Dialog: ComponentType<AssetDialogProps>; onClose(): void }) {
  const asset = useAsset(id, kind);
  if (asset.data) return <LinkedEditor asset={asset.data} title={title} Dialog={Dialog} onClose={onClose} />;
  return (
    <Modal title={`Open in ${title}`} onClose={onClose}>
      {asset.isError ? (
        <p className="form__error" role="alert">
          {errorText(asset.error)}
        </p>
      ) : (
        <Spinner label="Opening…" />
      )}
    </Modal>
  );
}

/** The editor only for those who may change the asset; the others learn why it does not open. */
function LinkedEditor({ asset, title, Dialog, onClose }: { asset: MapAsset; title: string; Dialog: ComponentType<AssetDialogProps>; onClose(): void }) {
  const user = useSignedInUser();
  if (recordAbilities(asset, user).write) return <Dialog asset={asset} onClose={onClose} />;
  return (
    <Modal title={`Open in ${title}`} onClose={onClose}>
      <p>You may use “{asset.name}” in your maps, but not change it.</p>
    </Modal>
  );
}
