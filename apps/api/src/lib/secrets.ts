import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database (TOTP seeds, gateway credentials …) are sealed with AES-256-GCM.
 *
 * Sealed text: `s1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts). The key id names the key that
 * sealed it, so a new SECRETS_KEY can be introduced while SECRETS_PREVIOUS_KEYS still opens old rows;
 * `needsReseal` tells a caller to write the value back under the current key.
 */
const VERSION = 's1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** The file the development key lives in when SECRETS_KEY is not set (outside production only). */
export const DEV_KEY_FILE = 'secrets.key';

export class SecretKeyError extends Error {}

/** Decodes one configured key: base64 (or base64url) of exactly 32 bytes. */
export function parseSecretKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new SecretKeyError(`a secrets key must be base64 of ${KEY_BYTES} bytes (got ${key.length})`);
  return key;
}

/** A short public name of a key (a hash, never the key itself) stored beside each sealed value. */
const keyIdOf = (key: Buffer): string => createHash('sha256').update('shop-secrets-key-id\0').update(key).digest('base64url').slice(0, 8);

const b64 = (b: Buffer): string => b.toString('base64url');

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentId: string;

  /** `current` seals; `previous` keys only open values sealed before a rotation. */
  constructor(current: Buffer, previous: Buffer[] = []) {
    if (current.length !== KEY_BYTES) throw new SecretKeyError('the current secrets key must be 32 bytes');
    this.currentId = keyIdOf(current);
    this.keys.set(this.currentId, current);
    for (const k of previous) if (k.length === KEY_BYTES) this.keys.set(keyIdOf(k), k);
  }

  /**
   * Seals `plain`. `context` (e.g. `totp:user:42`) is authenticated but not stored: a value copied to
   * another row or purpose does not open there.
   */
  seal(plain: string, context = ''): string {
    const key = this.keys.get(this.currentId)!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`${VERSION}.${this.currentId}.${context}`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.currentId, b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
  }

  /** Opens a sealed value; throws SecretKeyError when it was tampered with, or its key is unknown. */
  open(sealed: string, context = ''): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretKeyError('not a sealed secret');
    const [version, keyId, iv, body, tag] = parts as [string, string, string, string, string];
    const key = this.keys.get(keyId);
    if (!key) throw new SecretKeyError(`sealed with an unknown key (${keyId}); add it to SECRETS_PREVIOUS_KEYS`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`${version}.${keyId}.${context}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyError('a sealed secret does not open (tampered, or sealed for another context)');
    }
  }

  /**
   * A short tag proving `data` was written here for `purpose` (signed file addresses): HMAC-SHA256
   * under a key derived from the current key, so a tag never opens a sealed value and vice versa.
   */
  tag(purpose: string, data: string): string {
    return this.tagWith(this.keys.get(this.currentId)!, purpose, data);
  }

  /** Whether `tag` is one `tag(purpose, data)` gave under any key of the ring (compared in constant time). */
  checkTag(purpose: string, data: string, tag: string): boolean {
    const given = Buffer.from(tag, 'base64url');
    for (const key of this.keys.values()) {
      const want = Buffer.from(this.tagWith(key, purpose, data), 'base64url');
      if (given.length === want.length && timingSafeEqual(given, want)) return true;
    }
    return false;
  }

  private tagWith(key: Buffer, purpose: string, data: string): string {
    const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `shop-tag:${purpose}`, KEY_BYTES));
    return createHmac('sha256', derived).update(data).digest('base64url').slice(0, 32);
  }

  /** The public id of the key new values are sealed with (stored values start `s1.<id>.`). */
  get currentKeyId(): string {
    return this.currentId;
  }

  /** Whether a stored value is sealed at all (rows written before encryption are plain). */
  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}.`) && value.split('.').length === 5;
  }

  /** Whether a sealed value should be written back under the current key (it was sealed with an older one). */
  needsReseal(sealed: string): boolean {
    return !SecretBox.isSealed(sealed) || sealed.split('.')[1] !== this.currentId;
  }
}

/**
 * The key ring from configuration: SECRETS_KEY seals, SECRETS_PREVIOUS_KEYS (comma-separated) still
 * open. Without SECRETS_KEY (development and tests only; production refuses to start) a key is
 * generated once into DATA_DIR/secrets.key, readable by its owner only.
 */
export function secretBoxFromConfig(config: { NODE_ENV: string; SECRETS_KEY?: string; SECRETS_PREVIOUS_KEYS?: string; dataDir: string }): SecretBox {
  const previous = (config.SECRETS_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseSecretKey);
  if (config.SECRETS_KEY) return new SecretBox(parseSecretKey(config.SECRETS_KEY), previous);
  if (config.NODE_ENV === 'production') throw new SecretKeyError('SECRETS_KEY is required in production');
  return new SecretBox(developmentKey(config.dataDir), previous);
}

/** Reads DATA_DIR/secrets.key, creating it (0600) on first use; concurrent first starts agree on one key. */
function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, DEV_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    // Written whole to a private temporary name, then linked into place: link fails if another
    // process got there first, so concurrent first starts never see a half-written or second key.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(tmp);
    }
  }
  chmodSync(file, 0o600);
  return parseSecretKey(readFileSync(file, 'utf8'));
}
