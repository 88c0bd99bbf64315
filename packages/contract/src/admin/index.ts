// The admin area's calls: `@shop/contract/admin` (one area, without building the others).
export * from './admin.endpoints.js';
export * from './admin.schemas.js';
export * from './permissions.js';
export * from './console.endpoints.js';
export * from './money.endpoints.js';
export * from './money.schemas.js';
export * from './payments.endpoints.js';
export * from './payments.schemas.js';
export * from './approvals.js';
export * from './after-sales.endpoints.js';
export * from './referral.endpoints.js';
export * from './shops-console.endpoints.js';
export * from './audit-actions.js';
