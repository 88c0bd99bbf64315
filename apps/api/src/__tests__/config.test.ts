import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('configuration', () => {
  it('runs on a fresh machine with no variables set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.webDist.endsWith('/apps/web/dist')).toBe(true);
  });

  it('refuses production with development-only providers, naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MAIL_PROVIDER=outbox, SMS_PROVIDER=outbox/);
    const secretsKey = Buffer.alloc(32, 7).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.com', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SECRETS_KEY: secretsKey })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.com', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send' })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send' })).toThrow(/SMTP_URL/);
  });

  it('listens on loopback by default except in production, and where HOST says when set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    const production = { NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.com', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('refuses a transaction pooler without a direct connection for LISTEN, or with the job worker inside', () => {
    const pooled = { DATABASE_URL: 'postgres://shop@pgbouncer:6432/shop', DATABASE_POOLER: 'transaction', JOBS_WORKER: 'false' };
    expect(() => loadConfig({ DATABASE_POOLER: 'transaction' })).toThrow('DATABASE_POOLER=transaction needs DATABASE_URL');
    expect(() => loadConfig(pooled)).toThrow('DATABASE_POOLER=transaction needs DATABASE_LISTEN_URL');
    const direct = { ...pooled, DATABASE_LISTEN_URL: 'postgres://shop@postgres:5432/shop' };
    expect(() => loadConfig({ ...direct, JOBS_WORKER: 'true' })).toThrow('the job worker cannot run through a transaction pooler');
    expect(loadConfig(direct).DATABASE_LISTEN_URL).toBe('postgres://shop@postgres:5432/shop');
  });

  it('refuses a replica without its primary, or the primary named as its own replica', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://shop@replica:5432/shop' })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL');
    const primary = 'postgres://shop@postgres:5432/shop';
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: primary })).toThrow('DATABASE_REPLICA_URL is DATABASE_URL itself');
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'postgres://shop@replica:5432/shop' }).DATABASE_REPLICA_URL).toBe('postgres://shop@replica:5432/shop');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT.*DATABASE_URL|DATABASE_URL.*PORT/);
  });
});
