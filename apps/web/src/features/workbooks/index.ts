export { NewWorkbookPage, WorkbookPage } from './WorkbookPages';
