export { NewWorkbookPage } from './NewWorkbookPage';
export { WorkbookPage } from './WorkbookPage';
export { WorkbooksPage } from './WorkbooksPage';
