// The user-shop area's calls: `@shop/contract/user-shop` (one area, without building the others).
export * from './user-shop.schemas.js';
export * from './user-shop.endpoints.js';
