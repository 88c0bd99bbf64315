import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** What an operator decision is about. */
export type OperatorActionTarget = 'user' | 'certification' | 'cancellation' | 'setting' | 'exchange_rate' | 'operator' | 'withdrawal' | 'recharge' | 'bank' | 'order' | 'category' | 'goods' | 'sku' | 'group_buy' | 'coupon' | 'banner' | 'news' | 'notice' | 'faq' | 'agreement' | 'popup' | 'export' | 'charity_cause' | 'language_text' | 'payment' | 'approval' | 'feedback' | 'feedback_category' | 'chat' | 'after_sale' | 'placement' | 'commission' | 'pair_run' | 'role_application' | 'shop' | 'shop_order' | 'review';

/** Every operator decision (ban, review …): who, what, when and why. */
export interface OperatorActionsTable {
  id: Generated<number>;
  operator: string;
  action: string;
  target_type: OperatorActionTarget;
  target_id: number;
  reason: string | null;
  created_at: Timestamp;
}
