export { MapsPage } from './MapsPage';
