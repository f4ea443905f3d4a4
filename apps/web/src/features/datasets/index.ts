export { DatasetsPage } from './DatasetsPage';
export { DatasetPage } from './DatasetPage';
