import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Where to listen; by default loopback outside production, so the development outbox stays on this machine. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().min(0).max(65535).int().default(8080),
  /** Where the embedded database and local uploads live; relative paths start at the project root. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server; without it an embedded server is started in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().min(1).max(65535).int().default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().min(1).max(500).int().default(10),
  /** `transaction`: DATABASE_URL is a pooler in transaction mode (PgBouncer): statements go unnamed, time limits come from the role's settings. */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /** A streaming replica of DATABASE_URL for long reads kept off the primary: `npm run ops -- ledger check` reads it when set. */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** A direct connection (not through the pooler) for LISTEN: where an API process hears other processes' changes. */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** The longest one database statement may run before it is cancelled; 0 for no limit (a long migration). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().min(0).max(3_600_000).int().default(15_000),
  /** Shared rate limits, caches and pub/sub across API processes. */
  REDIS_URL: z.string().url().optional(),
  /** The address members reach the shop at, used in links we send (share links, e-mails). */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The native app's releases (its store versions, apart from the web app's): a shell below the lowest
   * version still served must update, one below the latest is offered it, each platform from its
   * address. Unset, a native app is never asked to update.
   */
  NATIVE_APP_MIN_VERSION: z.string().regex(/^\d+(\.\d+){0,3}$/).optional(),
  NATIVE_APP_LATEST_VERSION: z.string().regex(/^\d+(\.\d+){0,3}$/).optional(),
  NATIVE_APP_DOWNLOAD_ANDROID: z.string().url().optional(),
  NATIVE_APP_DOWNLOAD_IOS: z.string().url().optional(),
  /** Comma-separated origins allowed to call the API from another origin; empty means same origin only. */
  CORS_ORIGINS: z.string().default(''),
  /** Behind a load balancer: trust X-Forwarded-For for the client address. */
  TRUST_PROXY: bool.default(false),
  /** Requests per minute per client address over the whole API; 0 turns the global limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** Unpaid orders one member may hold at once (each holds its goods' stock until paid or expired); 0 turns the cap off. */
  UNPAID_ORDERS_PER_MEMBER: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Files one member may upload in any 24 hours (after-sales evidence, avatars, feedback and chat pictures, documents). */
  UPLOAD_FILES_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Megabytes one member may upload in any 24 hours, all files together. */
  UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** The longest a client may take to send a call's request (headers and body); slower ones are cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).int().default(30),
  /** A read (GET call) not answered within this many ms answers 503 (0: no bound). */
  READ_DEADLINE_MS: z.coerce.number().min(0).max(600_000).int().default(5_000),
  /** The same for an upload to /upload2: long enough for a 10 MB video from a phone on a slow network. */
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).int().default(300),
  /** Open connections one API process accepts at a time; more are closed at once. */
  MAX_CONNECTIONS: z.coerce.number().min(1).max(1_000_000).int().default(4096),
  SESSION_TTL_DAYS: z.coerce.number().min(1).max(365).int().default(30),
  /** A session unused for this many days stops working (the member signs in again). */
  SESSION_IDLE_DAYS: z.coerce.number().min(1).max(365).int().default(7),
  /** Seals secrets kept in the database (TOTP seeds, gateway credentials): base64 of 32 random bytes. Required in production. */
  SECRETS_KEY: z.string().optional(),
  /** Comma-separated older SECRETS_KEY values, still accepted for opening while secrets are re-sealed under the new key. */
  SECRETS_PREVIOUS_KEYS: z.string().optional(),
  /** Verification codes one e-mail address may receive in 24 hours (besides 5 an hour). */
  CODES_PER_EMAIL_PER_DAY: z.coerce.number().min(1).max(1000).int().default(10),
  /** Verification codes one phone number may receive in 24 hours (besides 5 an hour). */
  CODES_PER_PHONE_PER_DAY: z.coerce.number().min(1).max(1000).int().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app served at /h5/. */
  WEB_DIST: z.string().default('./apps/web/dist'),
  /** The built operator console served at /admin/. */
  ADMIN_DIST: z.string().default('./apps/admin/dist'),
  /** `outbox` keeps mail in the database for developers to read; `smtp` sends it. */
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('H5 Shop <no-reply@shop.local>'),
  /** `outbox` keeps texts in the database for developers to read; `http` posts them to SMS_HTTP_URL. */
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Seed the demo shop into an empty database at start. */
  SEED_DEMO: bool.default(true),
  /** `local` keeps uploads under DATA_DIR/uploads; `s3` puts them in an S3-compatible bucket (AWS, MinIO, R2 …). */
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  /** The bucket's service address, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000` (path-style). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Run the durable-job worker inside this API process; `false` when workers run apart (`npm run worker`). */
  JOBS_WORKER: bool.default(true),
  /** Jobs one worker runs at the same time. */
  JOBS_CONCURRENCY: z.coerce.number().min(1).max(50).int().default(2),
  /** Secret of the `test` webhook provider (never active in production); without it the provider refuses every call. */
  WEBHOOK_TEST_SECRET: z.string().min(16).optional(),
  /** Kuaidi100 real-time query credentials (customer id and key); without them its parcels are tracked by hand. */
  KUAIDI100_CUSTOMER: z.string().optional(),
  KUAIDI100_KEY: z.string().optional(),
  KUAIDI100_URL: z.string().url().optional(),
  /** Salt of Kuaidi100's pushes: with it, numbers are subscribed and pushes to /webhooks/kuaidi100 are accepted when signed with it. */
  KUAIDI100_SALT: z.string().min(8).optional(),
  /** 17TRACK API key (`17token`); without it its parcels are tracked by hand. */
  TRACK17_TOKEN: z.string().optional(),
  TRACK17_URL: z.string().url().optional(),
});

export type Config = Omit<z.infer<typeof schema>, 'HOST'> & {
  HOST: string;
  /** The project root, where relative paths start. */
  rootDir: string;
  dataDir: string;
  webDist: string;
  /**
   * The environment as read (its non-empty variables), for settings their own parts check when the
   * shop is put together: each payment gateway's `<PREFIX>_MODE` and variables (`shopConfig` in deps.ts).
   */
  env: Readonly<Record<string, string>>;
  adminDist: string;
};

/** Providers that exist for development only; production refuses to start with them. */
export function developmentProviders(c: Pick<Config, 'MAIL_PROVIDER' | 'SMS_PROVIDER'>): string[] {
  const found: string[] = [];
  if (c.MAIL_PROVIDER === 'outbox') found.push('MAIL_PROVIDER=outbox');
  if (c.SMS_PROVIDER === 'outbox') found.push('SMS_PROVIDER=outbox');
  return found;
}

/** Reads the environment once, validates it and refuses unsafe production settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof z.input<typeof schema>, string>> = {}): Config {
  const raw = { ...env, ...overrides };
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  // A mistyped key is found at start, not at the first sealed secret.
  const isKey = (v: string) => Buffer.from(v.trim(), 'base64').length === 32;
  if (c.SECRETS_KEY && !isKey(c.SECRETS_KEY)) throw new Error('Invalid configuration: SECRETS_KEY: must be base64 of 32 bytes');
  if ((c.SECRETS_PREVIOUS_KEYS ?? '').split(',').some((v) => v.trim() && !isKey(v))) throw new Error('Invalid configuration: SECRETS_PREVIOUS_KEYS: each must be base64 of 32 bytes');
  if (c.NODE_ENV === 'production') {
    const dev = developmentProviders(c);
    if (dev.length) throw new Error(`Refusing to start in production with development-only providers: ${dev.join(', ')}`);
    if (c.MAIL_PROVIDER === 'smtp' && !c.SMTP_URL) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL');
    if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    if (!c.SECRETS_KEY) throw new Error('Refusing to start in production without SECRETS_KEY (base64 of 32 random bytes: openssl rand -base64 32)');
  }
  // A replica follows a primary the shop was told of: the embedded server has none.
  if (c.DATABASE_REPLICA_URL) {
    if (!c.DATABASE_URL) throw new Error('Invalid configuration: DATABASE_REPLICA_URL needs DATABASE_URL, the primary it follows (the embedded database has no replica)');
    if (c.DATABASE_REPLICA_URL === c.DATABASE_URL) throw new Error('Invalid configuration: DATABASE_REPLICA_URL is DATABASE_URL itself: name the replica, or leave it unset');
  }
  // Behind a transaction pooler a connection is the session of no one: LISTEN and the job queue's locks need one of their own.
  if (c.DATABASE_POOLER === 'transaction') {
    if (!c.DATABASE_URL) throw new Error('Invalid configuration: DATABASE_POOLER=transaction needs DATABASE_URL (the pooler)');
    if (!c.DATABASE_LISTEN_URL) throw new Error('Invalid configuration: DATABASE_POOLER=transaction needs DATABASE_LISTEN_URL, a direct connection to PostgreSQL for LISTEN (changes announced by other processes)');
    if (c.JOBS_WORKER) throw new Error('Invalid configuration: the job worker cannot run through a transaction pooler (DATABASE_POOLER=transaction): set JOBS_WORKER=false and run `npm run worker` with a direct DATABASE_URL');
  }
  const read = Object.freeze(Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')));
  const rootDir = PROJECT_ROOT;
  return {
    ...c,
    HOST: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    rootDir,
    dataDir: path.resolve(rootDir, c.DATA_DIR),
    webDist: path.resolve(rootDir, c.WEB_DIST),
    env: read,
    adminDist: path.resolve(rootDir, c.ADMIN_DIST),
  };
}

/** Relative paths in the configuration start at the project root, wherever npm runs the script from. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
