// Featured maps in the console: which published map is featured (and highlighted), and the writes that change it.
import { useQueryClient } from '@tanstack/react-query';
import type { CreateFeaturedMapRequest, FeaturedMap, UpdateFeaturedMapRequest } from '@atlas/domain';
import type { ApiClient } from '@atlas/client';
import { FEATURED_MAPS_KEY } from '../workspace/featuredQueries';
import { useAdminWrite } from './queries';

export type FeaturedState = 'highlighted' | 'featured' | 'not-featured';

export const FEATURED_STATE_LABELS = { highlighted: 'Highlighted', featured: 'Featured', 'not-featured': 'No' } as const satisfies Record<FeaturedState, string>;

/** The featured entries by the published map they feature (a published map is featured at most once). */
export function featuredByPublishedId(list: readonly FeaturedMap[] | undefined): Map<string, FeaturedMap> {
  return new Map((list ?? []).map((entry) => [entry.publishedId, entry]));
}

export function featuredState(entry: FeaturedMap | undefined): FeaturedState {
  if (!entry) return 'not-featured';
  return entry.highlighted ? 'highlighted' : 'featured';
}

/** A write on featured maps: besides the console's lists, the workspace's featured maps are read again. */
function useFeaturedWrite<A, R>(write: (client: ApiClient, args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useAdminWrite<A, R>(async (client, args) => {
    const result = await write(client, args);
    await queryClient.invalidateQueries({ queryKey: FEATURED_MAPS_KEY });
    return result;
  });
}

export const useFeatureMap = () => useFeaturedWrite((client, body: CreateFeaturedMapRequest) => client.publishing.maps.featured.create(body));
export const useHighlightMap = () =>
  useFeaturedWrite((client, { id, highlighted }: { id: string; highlighted: boolean }) => client.publishing.maps.featured.highlight(id, highlighted));
export const useEditFeaturedMap = () =>
  useFeaturedWrite((client, { id, body }: { id: string; body: UpdateFeaturedMapRequest }) => client.publishing.maps.featured.update(id, body));
export const useUnfeatureMap = () => useFeaturedWrite((client, id: string) => client.publishing.maps.featured.remove(id));
