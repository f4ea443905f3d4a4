// The tag filter of the catalogue lists: which tags the address asks for (`?tags=<id>,<id>`), and which records carry
// every one of them (docs/tags.md: several tags narrow the list, like its other filters).
export const TAG_FILTER_PARAM = 'tags';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tag ids of `?tags=`, each once, in the order given; anything that is not a tag id is dropped. */
export function parseTagFilter(text: string | null): string[] {
  const ids: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const id = part.trim().toLowerCase();
    if (UUID.test(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The address value for the tag ids: null (no parameter) for none. */
export const formatTagFilter = (ids: readonly string[]): string | null => (ids.length ? ids.join(',') : null);

/** The record carries every tag wanted (no tag wanted: any record). */
export function carriesEvery(tags: readonly { id: string }[], wanted: readonly string[]): boolean {
  return wanted.every((id) => tags.some((tag) => tag.id === id));
}

/** The items carrying every tag wanted, in their order. */
export function withTags<T>(items: readonly T[], wanted: readonly string[], tagsOf: (item: T) => readonly { id: string }[]): T[] {
  return wanted.length ? items.filter((item) => carriesEvery(tagsOf(item), wanted)) : [...items];
}

/** "the tag “retail”", "the tags “retail” and “nyc”": what an empty filtered list names. */
export function describeTags(names: readonly string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  if (quoted.length <= 1) return `the tag ${quoted[0] ?? ''}`.trim();
  return `the tags ${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}
