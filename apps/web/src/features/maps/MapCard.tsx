// One map of the list: its picture and name, its tags, and what the user may do with it.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueRecord } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { CardActions, CardPlaceholder, CatalogueCard, canCreate, ownerLabel, recordAbilities } from '../catalogue';
import { AddToProjectDialog } from '../projects';
import { TagChips } from '../tags';
import { ExportMapDialog } from './lazyDialogs';
import { mapKeys, useThumbnailUrl } from './queries';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const FOLDED_MAP = 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14';

/**
 * Maps follow the datasets' access rules (the same server check): owners and editors share and delete, readers in the
 * owner's organization clone, a viewer seat only opens and exports. `select`: the pick box of bulk tagging, shown
 * only when the user may write the map.
 */
export function MapCard({ record, select }: { record: CatalogueRecord; select?: ReactNode }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const abilities = recordAbilities(record, user);
  const thumbnail = useThumbnailUrl(record);
  const [exporting, setExporting] = useState(false);
  const [filing, setFiling] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mapKeys.all });
  const clone = useMutation({ mutationFn: () => client.maps.clone(record.id), onSuccess: refresh });
  const datasets = record.datasets.length;

  return (
    <CatalogueCard
      marker={{ 'data-map': record.id }}
      picture={thumbnail ? <img src={thumbnail} alt="" /> : <CardPlaceholder path={FOLDED_MAP} />}
      pictureLink={paths.map(record.id)}
      name={<Link to={paths.map(record.id)}>{record.name}</Link>}
      meta={
        <>
          <span data-testid="card-owner">{ownerLabel(record, user)}</span> · Changed {dateFormat.format(new Date(record.updatedAt))} ·{' '}
          {datasets === 1 ? '1 dataset' : `${datasets} datasets`}
        </>
      }
      description={record.description}
      select={abilities.write ? select : undefined}
      actions={
        <>
          <CardActions
            abilities={abilities}
            share={{ resourceType: 'map', resourceId: record.id, name: record.name, lock: record.lock }}
            deletion={{
              label: 'Delete map',
              text: 'The map, its saved states and its sharing go away for everyone it is shared with. Its datasets stay. This cannot be undone.',
              remove: () => client.maps.remove(record.id),
              onDeleted: refresh,
            }}
          >
            <Link to={paths.map(record.id)} className="button button--ghost">
              Open
            </Link>
            <button type="button" className="button button--ghost" onClick={() => setExporting(true)}>
              Export
            </button>
            {canCreate(user) && (
              <button type="button" className="button button--ghost" onClick={() => setFiling(true)}>
                Add to project
              </button>
            )}
            {abilities.clone && (
              <button type="button" className="button button--ghost" onClick={() => clone.mutate()} disabled={clone.isPending}>
                {clone.isPending ? 'Cloning…' : 'Clone'}
              </button>
            )}
          </CardActions>
          {clone.isError && (
            <p className="form__error catalogue-card__error" role="alert">
              {errorText(clone.error)}
            </p>
          )}
          {exporting && <ExportMapDialog map={record} onClose={() => setExporting(false)} />}
          {filing && <AddToProjectDialog target={{ resourceType: 'map', resourceId: record.id, name: record.name }} onClose={() => setFiling(false)} />}
        </>
      }
    >
      <TagChips tags={record.tags} />
    </CatalogueCard>
  );
}
