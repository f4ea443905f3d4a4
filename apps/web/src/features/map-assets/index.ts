export { BasemapsPage } from './BasemapsPage';
export { ColorsPage } from './ColorsPage';
