// The query bar of an analytic set (issue 8, bi-and-admin.md §2, §3, §5, §9).
export { QueryBar, type QueryBarProps } from './QueryBar';
export { encodeValues, initialValues } from './values';
