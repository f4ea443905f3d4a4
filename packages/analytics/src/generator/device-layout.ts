// How a device's repertoire is packed into two BIGINT columns (written by tables.ts, read by the
// visits SQL), so that the device join gathers two columns instead of fifteen.

/** devices.rep: 8 repertoire chains × 6 bits (rank 0 lowest), then home and away market × 7 bits. */
export const REP_CHAIN_BITS = 6;
export const REP_HOME_SHIFT = 48;
export const REP_AWAY_SHIFT = 55;
/** devices.cdf: 7 cumulative visit-share thresholds × 9 bits, in 1/CDF_SCALE (compared with 8 random bits). */
export const CDF_BITS = 9;
export const CDF_SCALE = 256;
