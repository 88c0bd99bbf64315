import type { Generated } from 'kysely';
import type { Stamp } from '../catalogue/catalogue.table.js';

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  sku_id: number;
  quantity: number;
  selected: Generated<boolean>;
  added_price_minor: number;
  created_at: Stamp;
  updated_at: Stamp;
}
