// @atlas/analytics: the synthetic foot-traffic panel (generator and reference data).
export * from './generator/index.js';
