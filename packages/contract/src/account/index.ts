// The account area's calls: `@shop/contract/account` (one area, without building the others).
export * from './account.endpoints.js';
export * from './account.schemas.js';
