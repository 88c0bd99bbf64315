// The referral area's calls: `@shop/contract/referral` (one area, without building the others).
export * from './referral.endpoints.js';
