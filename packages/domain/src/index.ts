export * from './enums.js';
export * from './constants.js';
export * from './errors.js';
export * from './schema-helpers.js';
export * from './schemas/identity.js';
export * from './schemas/service.js';
