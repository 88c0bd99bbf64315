// The catalogue area's calls: `@shop/contract/catalogue` (one area, without building the others).
export * from './catalogue.endpoints.js';
export * from './catalogue.schemas.js';
export * from './catalogue.admin.js';
export * from './reviews.admin.js';
export * from './goods-info.route.js';
