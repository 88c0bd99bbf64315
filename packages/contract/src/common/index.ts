// The parts every area shares: how a call is declared, the envelope, codes, languages, paging, checks, money.
export * from './endpoint.js';
export * from './envelope.js';
export * from './client-codes.js';
export * from './codes.js';
export * from './languages.js';
export * from './language-schema.js';
export * from './pagination.js';
export * from './list-sort.js';
export * from './numbers.js';
export * from './text.js';
export * from './validators.js';
export * from './calendar.js';
export * from './pages.js';
export * from './money.js';
export * from './money-text.js';
export * from './wallet-limits.js';
export * from '../i18n/interpolate.js';
