import { describe, expect, it } from 'vitest';
import { twoC2pDefinition } from '../2c2p/index.js';
import { alipayDefinition } from '../alipay/index.js';
import { ctbcDefinition } from '../ctbc/index.js';
import type { GatewayDefinition } from '../gateway.js';
import { createGateways, readGatewaySettings } from '../registry.js';
import { wechatDefinition } from '../wechat/index.js';

const asia: ReadonlyArray<GatewayDefinition> = [twoC2pDefinition, wechatDefinition, alipayDefinition, ctbcDefinition];

describe('modes of the 2C2P, WeChat Pay, Alipay and CTBC gateways', () => {
  it('sandbox outside production: an adapter and its fake each', () => {
    const { adapters, fakes } = createGateways(readGatewaySettings({}, 'development', asia), { publicUrl: 'http://127.0.0.1:9', nodeEnv: 'development' }, asia);
    expect(Object.keys(adapters).sort()).toEqual(['2c2p', 'alipay', 'ctbc', 'wechat']);
    expect(Object.keys(fakes).sort()).toEqual(['2c2p', 'alipay', 'ctbc', 'wechat']);
    expect(Object.values(adapters).every((a) => a.sandbox)).toBe(true);
  });

  it('production: off by default, never a sandbox, and live only with every key', () => {
    const { adapters, fakes } = createGateways(readGatewaySettings({}, 'production', asia), { publicUrl: 'https://shop.example', nodeEnv: 'production' }, asia);
    expect(adapters).toEqual({});
    expect(fakes).toEqual({});
    for (const prefix of ['PAY2C2P', 'WECHATPAY', 'ALIPAY', 'CTBC']) {
      expect(() => readGatewaySettings({ [`${prefix}_MODE`]: 'sandbox' }, 'production', asia)).toThrow(/Refusing to start in production with a sandbox payment gateway/);
      expect(() => readGatewaySettings({ [`${prefix}_MODE`]: 'live' }, 'production', asia)).toThrow(new RegExp(`${prefix}_MODE=live needs ${prefix}_`));
    }
  });

  it('live with keys: adapters pointed at the provider, no fake', () => {
    const env = { CTBC_MODE: 'live', CTBC_MER_ID: '1', CTBC_MERCHANT_ID: '2', CTBC_TERMINAL_ID: '3', CTBC_KEY: 'x'.repeat(24), CTBC_URL: 'https://epos.example' };
    const { adapters, fakes } = createGateways(readGatewaySettings(env, 'production', asia), { publicUrl: 'https://shop.example', nodeEnv: 'production' }, asia);
    expect(Object.keys(adapters)).toEqual(['ctbc']);
    expect(adapters.ctbc!.sandbox).toBe(false);
    expect(fakes).toEqual({});
    expect(() => readGatewaySettings({ ...env, CTBC_KEY: 'short' }, 'production', asia)).toThrow(/CTBC_KEY/);
  });
});
