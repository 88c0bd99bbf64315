// Everything at once, for the API. The web app imports one area at a time: `@shop/contract/<area>`
// and `@shop/contract/common` (package.json "exports").
export * from './common/index.js';
export * from './endpoints.js';

export * from './account/index.js';
export * from './address/index.js';
export * from './after-sales/index.js';
export * from './cart/index.js';
export * from './catalogue/index.js';
export * from './content/index.js';
export * from './geo/index.js';
export * from './lang/index.js';
export * from './orders/index.js';
export * from './payments/index.js';
export * from './referral/index.js';
export * from './support/index.js';
export * from './user-shop/index.js';
export * from './wallet/index.js';

export * from './admin/index.js';
