// The adult population mix (approximate US shares) and how a phone panel over- and
// under-represents it; the panel weights undo that bias.

/** Share of adults by AGE_ORDER. */
export const AGE_SHARE = [0.12, 0.175, 0.165, 0.155, 0.16, 0.225] as const;
/** Female share by AGE_ORDER (women outnumber men with age). */
export const FEMALE_SHARE = [0.49, 0.5, 0.505, 0.51, 0.52, 0.56] as const;
/** Household income mix (INCOME_ORDER) by AGE_ORDER. */
export const INCOME_BY_AGE = [
  [0.3, 0.27, 0.28, 0.15],
  [0.15, 0.2, 0.33, 0.32],
  [0.12, 0.17, 0.31, 0.4],
  [0.12, 0.16, 0.29, 0.43],
  [0.16, 0.18, 0.29, 0.37],
  [0.25, 0.25, 0.29, 0.21],
] as const;

/** Panel over-representation by AGE_ORDER and INCOME_ORDER (young and affluent carry more opted-in phones). */
export const PANEL_AGE_BIAS = [1.25, 1.35, 1.2, 1.0, 0.8, 0.5] as const;
export const PANEL_INCOME_BIAS = [0.85, 0.95, 1.05, 1.1] as const;
