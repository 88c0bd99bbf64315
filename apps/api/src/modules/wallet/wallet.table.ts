import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';
import type { DateColumn } from '../ledger/ledger.table.js';

// Tables of the wallet area (balances themselves are ledger accounts).

/** A `numeric` column: exact decimal text. */
type DecimalText = ColumnType<string, string, string>;

export interface WalletCurrenciesTable {
  currency: string;
  is_settlement: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export type BankType = 'bank' | 'ewallet';
export interface BanksTable {
  id: Generated<number>;
  country_code: string;
  type: BankType;
  name: string;
  code: string;
  /** Set on a branch: the bank it belongs to. */
  parent_id: number | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  country_code: string;
  bank_id: number;
  branch_id: number | null;
  holder_name: string;
  account_number: string;
  currency: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** Repeats an earlier live card of the member's (same bank and account) added before one card per account was kept: left out of that rule's index. */
  kept_duplicate: Generated<boolean>;
}

export type RechargeKind = 'online' | 'bank_transfer' | 'ctbc' | 'crypto';
export interface RechargeChannelsTable {
  code: string;
  kind: RechargeKind;
  name: string;
  currencies: ColumnType<string[], string[], string[]>;
  /** Minor units of the settlement currency. */
  min_minor: number;
  max_minor: number;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  /** Who changed the channel last, and when: the version the console's form names when it saves. */
  updated_by: Generated<string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CollectionAccountsTable {
  id: Generated<number>;
  currency: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: Generated<string>;
  enabled: Generated<boolean>;
  created_by: string;
  created_at: Timestamp;
}

export interface CtbcInstalmentPlansTable {
  months: number;
  fee_bp: number;
}

export type RechargeStatus = 'awaiting_payment' | 'under_review' | 'paid' | 'rejected' | 'cancelled' | 'expired' | 'partly_refunded' | 'refunded';
export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  channel: string;
  kind: RechargeKind;
  status: RechargeStatus;
  pay_currency: string;
  /** What the member pays, fee included. */
  pay_amount: number;
  fee: Generated<number>;
  wallet_currency: string;
  credit_amount: number;
  rate: DecimalText;
  rate_source: string;
  rate_date: DateColumn;
  instalments: number | null;
  slip: string | null;
  tx_hash: string | null;
  network: string | null;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  entry_id: number | null;
  expires_at: Timestamp | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}

export type LimitKind = 'withdraw_bank' | 'withdraw_crypto' | 'transfer';
export interface WalletLimitsTable {
  currency: string;
  kind: LimitKind;
  fee_bp: number;
  fee_fixed: number;
  min_minor: number;
  max_minor: number;
  daily_count: number;
  daily_amount: number;
  updated_by: Generated<string>;
  updated_at: Timestamp;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';
export interface WithdrawalsTable {
  id: Generated<number>;
  withdraw_no: string;
  user_id: number;
  method: 'bank' | 'crypto';
  bank_card_id: number | null;
  network: string | null;
  address: string | null;
  currency: string;
  amount: number;
  fee: number;
  hold_id: number;
  status: Generated<WithdrawalStatus>;
  reason: string | null;
  payout_reference: string | null;
  reviewed_by: string | null;
  /** Who approved it, in order: two above the payout threshold; none of them may mark it paid. */
  approvers: Generated<string[]>;
  paid_by: string | null;
  approved_at: Timestamp | null;
  paid_at: Timestamp | null;
  rejected_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
}

export interface TransfersTable {
  id: Generated<number>;
  transfer_no: string;
  from_user_id: number;
  to_user_id: number;
  currency: string;
  amount: number;
  /** What the sender paid beside the amount (the owner's fee for transfers), to the shop's fee account. */
  fee: number;
  remark: Generated<string>;
  entry_id: number;
  created_at: Timestamp;
}

export interface GiftCardBatchesTable {
  id: Generated<number>;
  currency: string;
  value: number;
  count: number;
  expires_at: Timestamp;
  issued_to: number;
  created_by: string;
  reason: Generated<string>;
  created_at: Timestamp;
}

export type GiftCardStatus = 'active' | 'redeemed' | 'expired';
export interface GiftCardsTable {
  id: Generated<number>;
  batch_id: number;
  code: string;
  owner_id: number;
  received_from: number | null;
  currency: string;
  value: number;
  remaining: number;
  status: Generated<GiftCardStatus>;
  expires_at: Timestamp;
  redeemed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CryptoAddressesTable {
  id: Generated<number>;
  network: string;
  address: string;
  user_id: number | null;
  assigned_at: Timestamp | null;
  added_by: string;
  created_at: Timestamp;
}

export type BankRow = Selectable<BanksTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type RechargeOrderRow = Selectable<RechargeOrdersTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type TransferRow = Selectable<TransfersTable>;
export type GiftCardRow = Selectable<GiftCardsTable>;
export type WalletLimitRow = Selectable<WalletLimitsTable>;
export type RechargeChannelRow = Selectable<RechargeChannelsTable>;
