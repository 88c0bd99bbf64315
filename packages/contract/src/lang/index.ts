// The lang area's calls: `@shop/contract/lang` (one area, without building the others).
export * from './lang.endpoints.js';
export * from './language-pack.route.js';
