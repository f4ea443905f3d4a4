/** Parses a count such as "5000000", "5_000_000", "5e6", "100M" or "2.5k". */
export const parseCount = (text: string): number => {
  const match = /^(\d+(?:\.\d+)?(?:e\d+)?)([kKmMbB]?)$/.exec(text.replaceAll('_', '').replaceAll(',', ''));
  const scale = { '': 1, k: 1e3, m: 1e6, b: 1e9 }[match?.[2]?.toLowerCase() ?? ''] ?? 1;
  const value = match ? Number(match[1]) * scale : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`Not a positive integer: ${text}`);
  return value;
};
