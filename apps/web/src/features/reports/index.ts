// Published reports (docs/reports.md): the Reports screen with its publish and invite dialogs, the "Publish report"
// button other screens offer, and the public report page.
export { ReportsPage } from './ReportsPage';
export { PublicReportPage } from './PublicReportPage';
export { PublishReportButton } from './PublishReportButton';
export { PublishReportDialog } from './PublishReportDialog';
