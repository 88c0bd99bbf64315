import type { FakeGateway, GatewayContext, GatewayDefinition, GatewayMode, PaymentGateway } from './gateway.js';
import { twoC2pDefinition } from './2c2p/index.js';
import { alipayDefinition } from './alipay/index.js';
import { ctbcDefinition } from './ctbc/index.js';
import { wechatDefinition } from './wechat/index.js';
import { stripeDefinition } from './stripe/index.js';
import { airwallexDefinition } from './airwallex/index.js';

/**
 * Every gateway the shop knows, one line each. A gateway's directory exports its
 * `GatewayDefinition` (adapter, environment settings, sandbox fake); the payments service, the
 * webhook ingress (`/webhooks/<name>`) and the sandbox pages (`/sandbox/<name>`) all come from here.
 */
export const gatewayDefinitions: ReadonlyArray<GatewayDefinition> = [stripeDefinition, airwallexDefinition, twoC2pDefinition, wechatDefinition, alipayDefinition, ctbcDefinition];

/** One gateway's mode and settings as read from the environment at start. */
export interface GatewaySetting {
  name: string;
  mode: GatewayMode;
  /** The gateway's own variables (secrets included); sandbox defaults are filled in at build time. */
  settings: Record<string, string | undefined>;
}

const MODES: readonly GatewayMode[] = ['off', 'sandbox', 'live'];

/**
 * Reads each gateway's `<PREFIX>_MODE` (off | sandbox | live; sandbox by default outside
 * production, off in production) and its variables. Refuses a sandbox gateway in production, a
 * live gateway without its keys, and an unknown mode: the shop does not start half configured.
 */
export function readGatewaySettings(env: Record<string, string | undefined>, nodeEnv: string, definitions: ReadonlyArray<GatewayDefinition> = gatewayDefinitions): GatewaySetting[] {
  return definitions.map((d) => {
    const modeText = env[`${d.envPrefix}_MODE`] || (nodeEnv === 'production' ? 'off' : 'sandbox');
    if (!MODES.includes(modeText as GatewayMode)) throw new Error(`Invalid configuration: ${d.envPrefix}_MODE: one of ${MODES.join(', ')}`);
    const mode = modeText as GatewayMode;
    if (mode === 'sandbox' && nodeEnv === 'production') throw new Error(`Refusing to start in production with a sandbox payment gateway: ${d.envPrefix}_MODE=sandbox`);
    const parsed = d.env.safeParse(
      Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith(`${d.envPrefix}_`) && v !== undefined && v !== '')),
    );
    if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const settings = parsed.data;
    if (mode === 'live') {
      const missing = d.requiredLive.filter((k) => !settings[k]);
      if (missing.length) throw new Error(`${d.envPrefix}_MODE=live needs ${missing.join(', ')}`);
    }
    return { name: d.name, mode, settings };
  });
}

/** The adapters (and, outside production, the fakes) of every gateway that is not off. */
export function createGateways(
  settings: readonly GatewaySetting[],
  base: { publicUrl: string; nodeEnv: string; deliver?: GatewayContext['deliver'] },
  definitions: ReadonlyArray<GatewayDefinition> = gatewayDefinitions,
): { adapters: Record<string, PaymentGateway>; fakes: Record<string, FakeGateway> } {
  const adapters: Record<string, PaymentGateway> = {};
  const fakes: Record<string, FakeGateway> = {};
  for (const s of settings) {
    if (s.mode === 'off') continue;
    const d = definitions.find((x) => x.name === s.name);
    if (!d) continue;
    const publicUrl = base.publicUrl.replace(/\/+$/, '');
    const ctx: GatewayContext = { publicUrl, sandboxUrl: `${publicUrl}/sandbox/${d.name}`, webhookUrl: `${publicUrl}/webhooks/${d.name}`, deliver: base.deliver };
    if (s.mode === 'sandbox') {
      if (base.nodeEnv === 'production') throw new Error(`sandbox gateway ${d.name} in production`);
      const merged = { ...d.sandboxDefaults(ctx), ...s.settings };
      adapters[d.name] = d.create(merged, 'sandbox', ctx);
      fakes[d.name] = d.sandbox(merged, ctx);
    } else {
      adapters[d.name] = d.create(s.settings, 'live', ctx);
    }
  }
  return { adapters, fakes };
}
