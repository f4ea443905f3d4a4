// What every catalogue screen (datasets, maps, map assets) shares: who may do what, whose records a list shows,
// reading a whole list, and the list and card pieces.
export { canCreate, ownerLabel, recordAbilities, type RecordAbilities } from './abilities';
export { LIST_SCOPES, SCOPE_LABELS, parseScope, type ListScope } from './scope';
export { listAll, searchFilter } from './listAll';
export { useBlobUrl } from './useBlobUrl';
export { useListAddress } from './useListAddress';
export { ListError, ScopeTabs } from './ListParts';
export { ListPager } from './ListPager';
export { ListBody, type ListBodyProps } from './ListBody';
export { ListTable, type ListColumn } from './ListTable';
export { noMatchText } from './emptyText';
export { CardActions, CardPlaceholder, CatalogueCard, type CardActionsProps } from './CatalogueCard';
export { cancelPendingRelease, LOCK_REFRESH_MS, releaseAfterUnmount, useKeepaliveClient } from './lockKeeping';
export { useReadableConnections } from './readableConnections';
