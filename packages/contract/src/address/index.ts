// The address area's calls: `@shop/contract/address` (one area, without building the others).
export * from './address.endpoints.js';
