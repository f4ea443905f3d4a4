export { TagChips } from './TagChips';
export { TagEditor } from './TagEditor';
