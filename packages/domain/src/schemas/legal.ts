// Schemas of this catalogue area; filled by its module.
export {};
