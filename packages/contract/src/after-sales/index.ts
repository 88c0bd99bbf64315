// The after-sales area's calls: `@shop/contract/after-sales` (one area, without building the others).
export * from './after-sales.endpoints.js';
