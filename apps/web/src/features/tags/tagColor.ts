// Colors of new tags: one of a few readable colors, the same for the same name (so "retail" keeps its color
// wherever it is first made), and the text color that reads on it.

export const TAG_COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#4b5563'] as const;

/** What the color pickers call each palette color. */
export const TAG_COLOR_NAMES: Record<(typeof TAG_COLORS)[number], string> = {
  '#2563eb': 'Blue',
  '#16a34a': 'Green',
  '#d97706': 'Amber',
  '#dc2626': 'Red',
  '#7c3aed': 'Violet',
  '#0891b2': 'Cyan',
  '#db2777': 'Pink',
  '#4b5563': 'Gray',
};

/** A stable color for a tag name (case and surrounding spaces ignored). */
export function tagColorFor(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return TAG_COLORS[hash % TAG_COLORS.length]!;
}

/** Black or white, whichever reads better on the #rrggbb background (relative luminance). */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#000000' : '#ffffff';
}

/** The tag names typed in one box: split on commas, trimmed, without empties or repeats (ignoring case). */
export function parseTagNames(text: string): string[] {
  const names: string[] = [];
  for (const part of text.split(',')) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (name && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}
