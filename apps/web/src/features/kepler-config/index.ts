// The dialogs carry apache-arrow: screens load this module lazily (see maps/lazyDialogs.tsx).
export { ImportMapDialog } from './ImportMapDialog';
export { ExportMapDialog } from './ExportMapDialog';
