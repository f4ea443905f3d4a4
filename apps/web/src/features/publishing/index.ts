// Publishing maps and dashboards: the publish dialog for their toolbars, and what the public and preview pages
// (features/public-view) ask about a publication.
export { PublishDialog, publicationKey, type PublishDialogProps } from './PublishDialog';
export { publicationSummary, publishedDate } from './publication';
export { dashboardSnapshot, findPublished, openPublished, type PublishedKind } from './publishedItem';
