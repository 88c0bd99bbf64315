import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_KEY_FILE, SecretBox, SecretKeyError, secretBoxFromConfig } from '../secrets.js';

const key = () => randomBytes(32);
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'secrets-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('sealed secrets', () => {
  it('seal and open round-trip, and the sealed text shows nothing of the secret', () => {
    const box = new SecretBox(key());
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:user:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(SecretBox.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.open(sealed, 'totp:user:1')).toBe('JBSWY3DPEHPK3PXP');
    // Two seals of the same secret differ (a fresh IV each time).
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:user:1')).not.toBe(sealed);
  });

  it('refuses a tampered value, another context, or an unknown key', () => {
    const box = new SecretBox(key());
    const sealed = box.seal('secret', 'totp:user:1');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('SECRET').toString('base64url');
    expect(() => box.open(parts.join('.'), 'totp:user:1')).toThrow(SecretKeyError);
    expect(() => box.open(sealed, 'totp:user:2')).toThrow(SecretKeyError);
    expect(() => new SecretBox(key()).open(sealed, 'totp:user:1')).toThrow(/unknown key/);
  });

  it('rotates: the old key still opens, and asks for a reseal under the new one', () => {
    const oldKey = key();
    const sealedOld = new SecretBox(oldKey).seal('seed', 'ctx');
    const rotated = new SecretBox(key(), [oldKey]);
    expect(rotated.open(sealedOld, 'ctx')).toBe('seed');
    expect(rotated.needsReseal(sealedOld)).toBe(true);
    const resealed = rotated.seal('seed', 'ctx');
    expect(rotated.needsReseal(resealed)).toBe(false);
  });

  it('takes the key from configuration; production without one refuses', () => {
    const k = key();
    const box = secretBoxFromConfig({ NODE_ENV: 'production', SECRETS_KEY: k.toString('base64'), dataDir: tempDir() });
    expect(new SecretBox(k).open(box.seal('x'))).toBe('x');
    expect(() => secretBoxFromConfig({ NODE_ENV: 'production', dataDir: tempDir() })).toThrow(/SECRETS_KEY/);
  });

  it('outside production generates one key in the data folder, owner-only, and keeps it', () => {
    const dir = tempDir();
    const first = secretBoxFromConfig({ NODE_ENV: 'development', dataDir: dir });
    const file = path.join(dir, DEV_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = secretBoxFromConfig({ NODE_ENV: 'development', dataDir: dir });
    expect(again.open(first.seal('kept'))).toBe('kept');
  });
});
