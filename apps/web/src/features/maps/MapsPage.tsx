// /workspace/maps: the user's maps, their organization's and those shared with them, as cards with thumbnails;
// search, tag filter and sort live in the address. A maker starts a new map here or imports one from kepler.gl, and
// tags the maps they may change several at once.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ListError, ScopeTabs, canCreate, noMatchText, parseScope, useListAddress, type ListScope } from '../catalogue';
import { useListTags } from '../tags';
import { MAP_SORTS, MAP_SORT_LABELS, parseMapSort, sortMaps } from './listing';
import { ImportMapDialog } from './lazyDialogs';
import { MapCard } from './MapCard';
import { mapKeys, useMapList } from './queries';

const EMPTY: Record<ListScope, string> = {
  mine: 'You have no maps yet. Start a new map from your datasets, or import one from kepler.gl.',
  organization: 'Nobody in your organization has a map yet.',
  shared: 'Nobody has shared a map with you. Maps that others share with you, or with your organization, appear here.',
};
const EMPTY_VIEWER = 'You have no maps of your own: a viewer seat opens maps but does not make them. See your organization’s.';

export function MapsPage() {
  useDocumentTitle('Maps');
  const user = useSignedInUser();
  const maker = canCreate(user);
  const address = useListAddress();
  const { params: search, update, query, typed, setTyped } = address;
  const scope = parseScope(search.get('scope'));
  const sort = parseMapSort(search.get('sort'));
  const [importing, setImporting] = useState(false);
  const tags = useListTags('map', { plural: 'maps', address, listKey: mapKeys.all });

  const list = useMapList(scope, query);
  const shown = sortMaps(tags.keep(list.data ?? []), sort);

  let body;
  if (list.isPending) body = <Spinner label="Loading maps…" />;
  else if (list.isError) body = <ListError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0)
    body = (
      <p className="catalogue-list__empty">{noMatchText('map', query, tags.described) ?? (scope === 'mine' && !maker ? EMPTY_VIEWER : EMPTY[scope])}</p>
    );
  else
    body = (
      <ul className="catalogue-grid catalogue-grid--wide" aria-label="Maps" aria-busy={list.isFetching}>
        {shown.map((record) => (
          <MapCard key={record.id} record={record} select={tags.select?.(record)} />
        ))}
      </ul>
    );

  return (
    <div className="page">
      <div className="catalogue-page__head">
        <PageHeader title="Maps" subtitle="Your maps, your organization’s, and those shared with you." />
        {maker && (
          <div className="catalogue-page__create">
            <button type="button" className="button button--ghost" onClick={() => setImporting(true)}>
              Import map
            </button>
            <Link to={paths.newMap()} className="button button--primary">
              New map
            </Link>
          </div>
        )}
      </div>

      <section className="card panel catalogue-list" aria-label="Map list">
        <div className="catalogue-list__tools">
          <ScopeTabs label="Whose maps" value={scope} onChange={(option) => update({ scope: option === 'mine' ? null : option })} />
          <input className="field__input catalogue-list__search" type="search" value={typed} placeholder="Search by name" aria-label="Search maps" onChange={(event) => setTyped(event.target.value)} />
          {tags.filter}
          <select className="field__input catalogue-list__select" value={sort} aria-label="Sort by" onChange={(event) => update({ sort: event.target.value === 'updated' ? null : event.target.value })}>
            {MAP_SORTS.map((option) => (
              <option key={option} value={option}>
                {MAP_SORT_LABELS[option]}
              </option>
            ))}
          </select>
          {tags.bar}
        </div>
        {body}
      </section>
      {importing && <ImportMapDialog onClose={() => setImporting(false)} />}
    </div>
  );
}
