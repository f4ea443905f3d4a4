export { Modal } from './Modal';
export { ShareDialog, type ShareTarget } from './ShareDialog';
export { parseEmails } from './grants';
