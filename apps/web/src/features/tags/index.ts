// What the screens use of tags: a record's chips and editor, and everything a list does with tags (useListTags).
export { TagChips } from './TagChips';
export { TagEditor } from './TagEditor';
export { TagSelectHeader } from './TagSelect';
export { useListTags, type ListTags, type ListTagsOptions, type TaggableRecord } from './useListTags';
