// The geo area's calls: `@shop/contract/geo` (one area, without building the others).
export * from './geo.endpoints.js';
