// The administration console (/admin), loaded on first use by the router.
export { AdminPage } from './AdminPage';
