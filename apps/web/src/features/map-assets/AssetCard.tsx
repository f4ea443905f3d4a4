// One map style or color palette: its picture, name and description, and what the user may do with it.
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColorPalette, MapAsset, TagSummary } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { CardActions, CardPlaceholder, CatalogueCard, canCreate, ownerLabel, recordAbilities } from '../catalogue';
import { AddToProjectDialog } from '../projects';
import { TagChips } from '../tags';
import { PaletteStrip } from './PaletteStrip';
import { assetKeys, useAssetThumbnail, type AssetKind } from './queries';

const KIND_LABELS: Record<AssetKind, string> = { 'map-style': 'map style', 'color-palette': 'color palette' };
const LAYERS = 'M12 3 3 8l9 5 9-5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5';

function describeSource(asset: MapAsset): string {
  const metadata = asset.metadata as { externalUrl?: string; palette?: ColorPalette };
  if (metadata.palette) return `${metadata.palette.colors.length} colors${metadata.palette.type ? `, ${metadata.palette.type}` : ''}`;
  if (metadata.externalUrl) return `From ${new URL(metadata.externalUrl).host}`;
  return asset.assetReadPath ? 'Style file uploaded' : 'No style file yet';
}

/** Assets follow the datasets' access rules (one server check). */
export interface AssetCardProps {
  asset: MapAsset;
  kind: AssetKind;
  onEdit(asset: MapAsset): void;
  /** The asset's tags (asset answers do not carry them). */
  tags?: readonly TagSummary[];
  /** The pick box of bulk tagging, shown only when the user may write the asset. */
  select?: ReactNode;
}

export function AssetCard({ asset, kind, onEdit, tags = [], select }: AssetCardProps) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const abilities = recordAbilities(asset, user);
  const thumbnail = useAssetThumbnail(asset);
  const palette = (asset.metadata as { palette?: ColorPalette }).palette;
  // Projects file map styles, not palettes (the spec's project resource types).
  const [filing, setFiling] = useState(false);

  return (
    <CatalogueCard
      marker={{ 'data-asset': asset.id }}
      picture={thumbnail ? <img src={thumbnail} alt="" /> : palette ? <PaletteStrip colors={palette.colors} /> : <CardPlaceholder path={LAYERS} />}
      name={asset.name}
      meta={
        <>
            <span data-testid="card-owner">{ownerLabel(asset, user)}</span> · {describeSource(asset)}
        </>
      }
      description={asset.description}
      select={abilities.write ? select : undefined}
      actions={
        <>
          <CardActions
            abilities={abilities}
            share={{ resourceType: 'map-asset', resourceId: asset.id, name: asset.name }}
            deletion={{
              label: `Delete ${KIND_LABELS[kind]}`,
              text: `The ${KIND_LABELS[kind]} and its files go away for everyone it is shared with; maps that used it fall back to their other ${kind === 'map-style' ? 'styles' : 'colors'}. This cannot be undone.`,
              remove: () => client.mapAssets.remove(asset.id),
              onDeleted: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
            }}
          >
            {abilities.write && (
              <button type="button" className="button button--ghost" onClick={() => onEdit(asset)}>
                Edit
              </button>
            )}
            {kind === 'map-style' && canCreate(user) && (
              <button type="button" className="button button--ghost" onClick={() => setFiling(true)}>
                Add to project
              </button>
            )}
          </CardActions>
          {filing && <AddToProjectDialog target={{ resourceType: 'map-style', resourceId: asset.id, name: asset.name }} onClose={() => setFiling(false)} />}
        </>
      }
    >
      {thumbnail && palette && <PaletteStrip colors={palette.colors} />}
      <TagChips tags={tags} />
    </CatalogueCard>
  );
}
