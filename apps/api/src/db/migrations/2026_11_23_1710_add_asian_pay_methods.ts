import type { Kysely } from 'kysely';

// The pay methods of 2C2P, WeChat Pay, Alipay and CTBC a fresh install offers, in the currencies
// each gateway takes (an operator changes fees, countries and what is enabled). CTBC pays top-ups.
export async function up(db: Kysely<any>): Promise<void> {
  const m = (code: string, gateway: string, method: string, currency: string, fee_bp: number, sort: number) => ({ code, gateway, method, currency, fee_bp, sort });
  const rows = [
    ...['MYR', 'THB', 'SGD', 'USD', 'IDR', 'HKD'].map((c) => m('2c2p_card', '2c2p', 'card', c, 280, 30)),
    m('2c2p_promptpay', '2c2p', 'promptpay', 'THB', 100, 31),
    m('wechat_h5', 'wechat', 'wechat_h5', 'CNY', 60, 40),
    m('wechat_jsapi', 'wechat', 'wechat_jsapi', 'CNY', 60, 41),
    m('alipay_wap', 'alipay', 'alipay_wap', 'CNY', 60, 42),
    m('ctbc_card', 'ctbc', 'ctbc_card', 'TWD', 0, 50),
    m('ctbc_installment', 'ctbc', 'ctbc_installment', 'TWD', 0, 51),
  ];
  await db.insertInto('pay_methods').values(rows).onConflict((oc) => oc.columns(['code', 'currency', 'country_code']).doNothing()).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
