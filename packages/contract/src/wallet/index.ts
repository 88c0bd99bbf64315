// The wallet area's calls: `@shop/contract/wallet` (one area, without building the others).
export * from './wallet.endpoints.js';
export * from './wallet.admin.js';
