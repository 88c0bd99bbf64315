// The content area's calls: `@shop/contract/content` (one area, without building the others).
export * from './content.endpoints.js';
export * from './content.schemas.js';
export * from './home-data.route.js';
export * from './content.admin.js';
