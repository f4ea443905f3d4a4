export { DMAS, distanceKm, type Dma, type Region } from './dmas.js';
export { CATEGORIES, type Category, type HourPeak, type Holiday } from './categories.js';
export { CHAINS, AFFINITIES, type Chain } from './chains.js';
export { AGE_SHARE, FEMALE_SHARE, INCOME_BY_AGE, PANEL_AGE_BIAS, PANEL_INCOME_BIAS } from './demographics.js';
