// Reads of the workspace's featured maps and samples. The featured list is shared with the administration console,
// whose feature / unfeature / highlight writes refresh it through FEATURED_MAPS_KEY.
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientContext';

export const FEATURED_MAPS_KEY = ['featured-maps'] as const;
const SAMPLE_MAPS_KEY = ['sample-maps'] as const;

/** The featured maps, as the server orders them: the highlighted one first, then by position. */
export function useFeaturedMaps() {
  const client = useApiClient();
  return useQuery({ queryKey: FEATURED_MAPS_KEY, queryFn: () => client.publishing.maps.featured.list() });
}

/** The published sample maps (first page, most viewed first). */
export function useSampleMaps() {
  const client = useApiClient();
  return useQuery({ queryKey: SAMPLE_MAPS_KEY, queryFn: () => client.publishing.maps.samples() });
}
