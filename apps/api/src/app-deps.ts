import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Translator } from './lib/i18n.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { SecretBox } from './lib/secrets.js';
import type { LanguagePacks } from './modules/lang/lang.service.js';
import type { Providers } from './providers/providers.js';

// Its own file so plugins, lib and modules can name the app's dependencies without importing app.ts.

/** What the app is built from; tests build it the same way with their own database. */
export interface AppDeps {
  config: Config;
  db: Database;
  i18n: Translator;
  languagePacks: LanguagePacks;
  /** Business rate limits (per account, per destination …), shared through Redis when configured. */
  limiter: RateLimiter;
  /** Seals secrets stored in the database (TOTP seeds, gateway credentials) with the configured key. */
  secrets: SecretBox;
  /** Mail, SMS, storage, payment gateways, rates, tracking: built once from the configuration. */
  providers: Providers;
  redis?: Redis;
}
