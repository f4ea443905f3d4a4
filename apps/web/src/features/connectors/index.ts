export { ConnectorsPage } from './ConnectorsPage';
export { ConnectionMapStart } from './ConnectionMapStart';
