// The pages of /public/{id} and /preview/{id}, loaded on first use: they carry kepler.gl and the dashboard charts.
export { PreviewPage } from './PreviewPage';
export { PublicViewPage } from './PublicViewPage';
