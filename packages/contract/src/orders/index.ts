// The orders area's calls: `@shop/contract/orders` (one area, without building the others).
export * from './orders.endpoints.js';
export * from './orders.admin.js';
