import { OPERATOR_ACTION_TARGETS } from '@shop/contract/admin';
import type { TFunction } from 'i18next';

/**
 * The kinds of operator decisions the audit log holds (the start of each entry's action, before its
 * details). Each has a text `settings.kinds.<kind with _ for .>`; an action of a kind not listed shows as recorded.
 */
export const AUDIT_KINDS = [
  'user.ban', 'user.unban', 'user.sessions.end', 'user.2fa.reset', 'realname.approve', 'realname.reject', 'cancel.approve', 'cancel.reject',
  'recharge.confirm', 'recharge.reject', 'withdrawal.approved', 'withdrawal.paid', 'withdrawal.rejected', 'order.cancel',
  'operator.create', 'operator.disable', 'operator.enable', 'operator.role', 'operator.2fa.reset',
  'setting', 'setting.captcha_mode', 'setting.captcha_bypass', 'setting.shipping_countries', 'setting.orders', 'setting.operating_fee', 'setting.shipping_fee',
  'setting.international_freight', 'setting.adjustment_limit', 'wallet_currency.on', 'wallet_currency.off', 'wallet_limit.set', 'recharge_channel.set',
  'collection_account.add', 'bank.add', 'rate.set', 'points.grant', 'gift_card.issue', 'adjustment.request', 'adjustment.post', 'adjustment.approve', 'adjustment.reject',
  'goods.points', 'coupon.create', 'group_buy.create', 'category.create', 'category.update', 'category.reorder', 'goods.create', 'goods.update', 'goods.on_sale', 'goods.off_sale',
  'sku.price', 'sku.stock', 'export', 'language.text', 'charity.cause', 'after_sale',
  'referral.move', 'referral.commission', 'referral.pair_run', 'application', 'shop', 'shop_order', 'review',
] as const;

const textKey = (kind: string) => `console.settings.kinds.${kind.replace(/\./g, '_')}`;

/** An action as the log shows it: its kind's text in the console's language, and the details recorded after the kind. */
export function describeAction(t: TFunction, action: string): { label: string; detail: string } {
  const name = /^[^ =]*/.exec(action)![0];
  const parts = name.split('.');
  for (let n = parts.length; n > 0; n--) {
    const kind = parts.slice(0, n).join('.');
    if ((AUDIT_KINDS as readonly string[]).includes(kind)) return { label: t(textKey(kind)), detail: action.slice(kind.length).replace(/^[ .=]/, '').trim() };
  }
  return { label: action, detail: '' };
}

/** The kinds to filter the log by, labelled in the console's language. */
export const auditKindOptions = (t: TFunction) => AUDIT_KINDS.map((kind) => ({ value: kind, label: t(textKey(kind)) }));

/** What an entry is about as the log shows it (the types in OPERATOR_ACTION_TARGETS each have a text `console.audit.targets.<type>`, another shows as recorded): its type's text in the console's language, and its number when it names a row (exports and settings name none: 0). */
export function describeTarget(t: TFunction, type: string, id: number): string {
  const label = (OPERATOR_ACTION_TARGETS as readonly string[]).includes(type) ? t(`console.audit.targets.${type}`) : type;
  return id > 0 ? `${label} #${id}` : label;
}
