// The support area's calls: `@shop/contract/support` (one area, without building the others).
export * from './support.endpoints.js';
export * from './support.schemas.js';
