// The cart area's calls: `@shop/contract/cart` (one area, without building the others).
export * from './cart.endpoints.js';
export * from './cart-count.route.js';
