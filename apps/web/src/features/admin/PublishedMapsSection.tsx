// Published maps: every organization's publications, most viewed or newest first, with paging. A publication can be
// taken off its public link (publishedMap → private, confirmed); it then leaves this list, so the ones hidden here
// stay listed below the table until the tab is left, each with a way to make it public again. Each row also shows
// whether the map is featured on the workspaces (and highlighted), with the controls to change that.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LISTING_SORT_KEYS, type PublishedItem, type Visibility } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { useListAddress } from '../catalogue';
import { useFeaturedMaps } from '../workspace/featuredQueries';
import type { ListingSortKey } from './admin-types';
import { ConfirmWrite } from './ConfirmWrite';
import { FEATURED_STATE_LABELS, featuredByPublishedId, featuredState } from './featured';
import { FeaturedControls } from './FeaturedControls';
import { formatDate } from './format';
import { PagedList } from './ListParts';
import { parsePage } from './paging';
import { useAdminWrite, useOrganizationChoices, usePublishedMapPage } from './queries';

const SORT_LABELS = { views: 'Most viewed', date: 'Newest' } as const satisfies Record<ListingSortKey, string>;
const numbers = new Intl.NumberFormat('en-US');

interface VisibilityChange {
  map: PublishedItem;
  privacy: Visibility;
}

export function parseSortBy(value: string | null): ListingSortKey {
  return (LISTING_SORT_KEYS as readonly string[]).includes(value ?? '') ? (value as ListingSortKey) : 'views';
}

export function PublishedMapsSection() {
  const { params, update } = useListAddress();
  const page = parsePage(params.get('page'));
  const sortBy = parseSortBy(params.get('sortBy'));
  const list = usePublishedMapPage(sortBy, page);
  const organizations = useOrganizationChoices();
  const organizationName = (id: string) => organizations.data?.find((organization) => organization.id === id)?.name ?? id;
  const [change, setChange] = useState<VisibilityChange | null>(null);
  const [hidden, setHidden] = useState<PublishedItem[]>([]);
  const featured = useFeaturedMaps();
  const featuredOf = featuredByPublishedId(featured.data);
  const [featureError, setFeatureError] = useState<unknown>(null);

  return (
    <section className="card panel catalogue-list" aria-label="Published maps">
      <div className="catalogue-list__tools">
        <select className="field__input catalogue-list__select" aria-label="Sort published maps" value={sortBy} onChange={(event) => update({ sortBy: event.target.value === 'views' ? null : event.target.value, page: null })}>
          {LISTING_SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
      {featured.isError && (
        <p className="form__error" role="alert">
          The featured maps could not be read: {errorText(featured.error)}
        </p>
      )}
      {featureError !== null && (
        <p className="form__error" role="alert">
          {errorText(featureError)}
        </p>
      )}
      <PagedList query={list} what="published maps" empty="No map is published: a map appears here once its owner publishes it, and leaves when it is hidden or unpublished." onPage={(next) => update({ page: next === 1 ? null : String(next) })}>
        {(items) => (
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">Map</th>
                <th scope="col">Organization</th>
                <th scope="col" className="num">
                  Views
                </th>
                <th scope="col">Published</th>
                <th scope="col">Password</th>
                <th scope="col">Featured</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((map) => (
                <tr key={map.id} data-testid="published-map-row">
                  <th scope="row">
                    <a href={map.url} target="_blank" rel="noreferrer">
                      {map.name}
                    </a>
                  </th>
                  <td>{organizationName(map.organizationId)}</td>
                  <td className="num">{numbers.format(map.views)}</td>
                  <td>{map.publishedAt ? formatDate(map.publishedAt) : '—'}</td>
                  <td>{map.passwordProtected ? 'Yes' : 'No'}</td>
                  <td className="admin-featured">
                    <span data-testid="featured-state">{featured.isSuccess ? FEATURED_STATE_LABELS[featuredState(featuredOf.get(map.id))] : '…'}</span>
                    {featured.isSuccess && <FeaturedControls map={map} entry={featuredOf.get(map.id)} onError={setFeatureError} />}
                  </td>
                  <td className="admin-table__actions">
                    {map.resourceId && (
                      <Link className="button button--ghost" to={{ search: `?section=resources&id=${encodeURIComponent(map.resourceId)}` }}>
                        Owner and visibility
                      </Link>
                    )}
                    <button type="button" className="button button--ghost admin-danger-text" onClick={() => setChange({ map, privacy: 'private' })}>
                      Make private
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {hidden.length > 0 && <HiddenMaps maps={hidden} onPublic={(map) => setChange({ map, privacy: 'public_read' })} />}
      {change && (
        <ConfirmPublicationVisibility
          change={change}
          onDone={(map, privacy) => setHidden((current) => (privacy === 'private' ? [map, ...current] : current.filter((other) => other.id !== map.id)))}
          onClose={() => setChange(null)}
        />
      )}
    </section>
  );
}

function HiddenMaps({ maps, onPublic }: { maps: PublishedItem[]; onPublic(map: PublishedItem): void }) {
  return (
    <div className="admin-hidden" aria-label="Made private">
      <h3 className="panel__title">Made private just now</h3>
      <ul className="admin-hidden__list">
        {maps.map((map) => (
          <li key={map.id} data-testid="hidden-map-row">
            <span>{map.name}</span>
            <button type="button" className="button button--ghost" onClick={() => onPublic(map)}>
              Make public
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ConfirmPublicationVisibility({ change, onDone, onClose }: { change: VisibilityChange; onDone(map: PublishedItem, privacy: Visibility): void; onClose(): void }) {
  const write = useAdminWrite((client, next: VisibilityChange) => client.admin.resources.setVisibility('publishedMap', next.map.id, next.privacy));
  const run = async () => {
    await write.mutateAsync(change);
    onDone(change.map, change.privacy);
  };
  return change.privacy === 'private' ? (
    <ConfirmWrite title={`Make “${change.map.name}” private?`} confirmLabel="Make private" danger run={run} onClose={onClose}>
      <p>Its public link stops working and it leaves the featured maps. The published snapshot is kept, so it can be made public again; its owner publishing anew also shows it.</p>
    </ConfirmWrite>
  ) : (
    <ConfirmWrite title={`Make “${change.map.name}” public again?`} confirmLabel="Make public" run={run} onClose={onClose}>
      <p>The kept snapshot is shown at its public link again{change.map.passwordProtected ? ', behind its password' : ''}.</p>
    </ConfirmWrite>
  );
}
