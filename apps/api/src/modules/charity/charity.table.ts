import type { Generated } from 'kysely';
import type { Json, JsonDefault, Stamp, Texts } from '../catalogue/catalogue.table.js';

export interface CharityCausesTable {
  id: Generated<number>;
  title: Json<Texts>;
  description: JsonDefault<Texts>;
  image: Generated<string>;
  currency: string;
  min_amount_minor: Generated<number>;
  goal_minor: number | null;
  status: Generated<'open' | 'closed'>;
  created_by: string;
  created_at: Stamp;
  /** Moves forward on every change from the console (its save names the one it loaded). */
  updated_at: Stamp;
}

export type CharityOrderStatus = 'awaiting_payment' | 'paid' | 'cancelled' | 'closed' | 'refunded';

export interface CharityOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  cause_id: number;
  amount_minor: number;
  currency: string;
  status: CharityOrderStatus;
  message: Generated<string>;
  expires_at: Date | string;
  created_at: Stamp;
  paid_at: Date | null;
  cancelled_at: Date | null;
  closed_at: Date | null;
}
