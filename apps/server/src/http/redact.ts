// Answers never carry a server path: DuckDB and Node name files in their errors (uploads in flight, dataset files,
// the extension folder). Every path under a known server folder becomes one neutral token.
import { realpathSync } from 'node:fs';
import os from 'node:os';

export const REDACTED_PATH = '<server path>';

const folders = new Set<string>();
let pattern: RegExp | null = null;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds a folder (and its real path) whose files must not be named in answers; "/" and relative names are ignored. */
export function redactFolder(folder: string): void {
  for (const name of [folder, realOf(folder)]) {
    const trimmed = name.replace(/[\\/]+$/, '');
    if (trimmed.length > 1 && /^([A-Za-z]:)?[\\/]/.test(trimmed) && !folders.has(trimmed)) {
      folders.add(trimmed);
      pattern = null;
    }
  }
}

function realOf(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

for (const folder of [os.tmpdir(), os.homedir(), process.cwd()]) redactFolder(folder);

/** A folder's path, not glued to a longer name ("/app" is not "/apple"), up to where the path ends. */
function folderPattern(): RegExp {
  const longestFirst = [...folders].sort((a, b) => b.length - a.length).map(escape);
  return new RegExp(`(?<![\\w.~-])(?:${longestFirst.join('|')})(?![\\w.~-])(?:[\\\\/][^\\s'"\`,;()[\\]{}<>]*)?`, 'g');
}

/** The text with every path under a server folder replaced by REDACTED_PATH. */
export function redactPaths(text: string): string {
  if (!text) return text;
  pattern ??= folderPattern();
  return text.replace(pattern, REDACTED_PATH);
}
