// The payments area's calls: `@shop/contract/payments` (one area, without building the others).
export * from './payments.endpoints.js';
