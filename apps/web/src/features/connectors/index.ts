export { ConnectorsPage } from './ConnectorsPage';
