// @atlas/analytics: the synthetic foot-traffic panel (generator and reference data).
export * from './generator/index.js';
export * from './sets/index.js';
export * from './progress/progress.js';
