// What the server takes as a project or folder name (1 to 200 characters), checked before sending.
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 10_000;

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name.';
  if (trimmed.length > NAME_MAX) return `A name has at most ${NAME_MAX} characters.`;
  return null;
}
