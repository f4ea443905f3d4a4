// The workspace's gallery: the maps administrators feature (the highlighted one first, as the server orders them) and
// the published sample maps, each opening its public view.
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { useFeaturedMaps, useSampleMaps } from './featuredQueries';
import './featured.css';

interface GalleryItem {
  key: string;
  publishedId: string;
  title: string;
  description: string;
  highlighted: boolean;
}

export function FeaturedMaps() {
  const featured = useFeaturedMaps();
  const items = featured.data?.map((entry) => ({ key: entry.id, publishedId: entry.publishedId, title: entry.title, description: entry.description, highlighted: entry.highlighted }));
  return (
    <Gallery
      id="featured-heading"
      title="Featured maps"
      query={featured}
      items={items}
      what="featured maps"
      empty="No map is featured yet: administrators pick published maps to show here."
    />
  );
}

export function SampleMaps() {
  const samples = useSampleMaps();
  const items = samples.data?.items.map((item) => ({ key: item.id, publishedId: item.id, title: item.name, description: item.description, highlighted: false }));
  return <Gallery id="samples-heading" title="Sample maps" query={samples} items={items} what="sample maps" empty="No sample map is published on this server." />;
}

function Gallery({ id, title, query, items, what, empty }: { id: string; title: string; query: UseQueryResult<unknown>; items: GalleryItem[] | undefined; what: string; empty: string }) {
  return (
    <section className="card panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {query.isPending && <Spinner label={`Loading ${what}…`} />}
      {query.isError && (
        <p className="form__error" role="alert">
          The {what} could not be read: {errorText(query.error)}
        </p>
      )}
      {items && items.length === 0 && <p className="panel__subtitle">{empty}</p>}
      {items && items.length > 0 && (
        <ul className="gallery-list" aria-label={title}>
          {items.map((item) => (
            <li key={item.key} className="gallery-list__item" data-testid="gallery-item">
              <Link to={paths.publicView(item.publishedId)} className="gallery-list__title">
                {item.title}
              </Link>
              {item.highlighted && <span className="gallery-list__badge">Highlighted</span>}
              {item.description && <p className="panel__subtitle">{item.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
