export { generatePanel } from './generate.js';
export { PANEL_TABLES, DEMO_VISITS, DEMO_SEED, DEFAULT_START, DEFAULT_END, type PanelTable } from './schema.js';
export { GENERATE_STAGES, type GenerateOptions, type GeneratePhase, type GenerateProgress, type PanelFiles } from './types.js';
export { DMAS, CATEGORIES, CHAINS, AFFINITIES, type Dma, type Region, type Category, type Chain, type HourPeak, type Holiday } from './reference/index.js';
