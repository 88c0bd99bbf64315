import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** A text a shop writes in several languages: language → text. */
export type Texts = Partial<Record<string, string>>;
/** A jsonb column: read as a value, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
export type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** A timestamptz column with a default. */
export type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SpecDef {
  id: number;
  name: Texts;
  values: Array<{ id: number; name: Texts }>;
}

export interface CategoryTypesTable {
  id: Generated<number>;
  name: Json<Texts>;
  sort: Generated<number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  type_id: number;
  name: Json<Texts>;
  icon: Generated<string>;
  sort: Generated<number>;
  is_visible: Generated<boolean>;
  created_at: Stamp;
  /** Moves forward on every save of the console's category form (which names the one it loaded); a reorder leaves it. */
  updated_at: Stamp;
}

export interface GoodsTable {
  id: Generated<number>;
  /** Months of warranty from receipt (0: none); after-sales offers warranty repairs within it. */
  warranty_months: Generated<number>;
  category_id: number;
  name: Json<Texts>;
  /** Every language's name, one a line, in the form searches compare (NFKC), kept by the database. */
  name_search: GeneratedAlways<string>;
  subtitle: JsonDefault<Texts>;
  /** Sanitized HTML per language. */
  description: JsonDefault<Texts>;
  images: JsonDefault<string[]>;
  cover: Generated<string>;
  price_minor: number;
  market_price_minor: number;
  currency: Generated<string>;
  sales: Generated<number>;
  status: Generated<'on_sale' | 'off_sale'>;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  is_recommend: Generated<boolean>;
  sort: Generated<number>;
  specs: JsonDefault<SpecDef[]>;
  collect_count: Generated<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** Units sold on a goods by a paid order, not yet added to its `sales` (folded every minute). */
export interface GoodsSoldPendingTable {
  id: Generated<number>;
  goods_id: number;
  units: number;
  created_at: Generated<Date>;
}

export interface GoodsSkusTable {
  id: Generated<number>;
  goods_id: number;
  spec_key: string;
  spec_value_ids: Json<number[]>;
  price_minor: number;
  market_price_minor: number;
  stock: Generated<number>;
  sales: Generated<number>;
  image: Generated<string>;
  /** Shipping weight in grams (international freight is by weight band). */
  weight_g: Generated<number>;
  /** Points value of one unit: what a sale adds to the referral team's performance. */
  pv: Generated<number>;
}

/** Every change of an SKU's stock an operator made, with who and why. */
export interface StockAdjustmentsTable {
  id: Generated<number>;
  goods_id: number;
  sku_id: number;
  delta: number;
  stock_after: number;
  reason: string;
  operator: string;
  /** The after-sales case whose returned goods this put back on sale (its reason is worded from it in the reader's language), else null. */
  after_sale_case_no: Generated<string | null>;
  created_at: Stamp;
}

export interface GoodsCollectsTable {
  user_id: number;
  goods_id: number;
  created_at: Stamp;
}

export interface GoodsReviewsTable {
  id: Generated<number>;
  goods_id: number;
  user_id: number | null;
  author_name: string;
  rating: number;
  content: string;
  images: JsonDefault<string[]>;
  sku_text: Generated<string>;
  reply: Generated<string>;
  is_visible: Generated<boolean>;
  created_at: Stamp;
  /** The bought order line a member's review is of (one review per line), and when it was changed. */
  order_line_id: Generated<number | null>;
  edited_at: Generated<Date | null>;
  /** The last hide or show by an operator: who, when and why; the reply's author and moment. */
  moderated_by: Generated<string | null>;
  moderated_at: Generated<Date | null>;
  moderation_reason: Generated<string>;
  replied_by: Generated<string | null>;
  replied_at: Generated<Date | null>;
  /** When every unit of the reviewed line came back (a return refunded): the review was taken off the goods page then. */
  returned_at: Generated<Date | null>;
}

export interface SearchLogsTable {
  user_id: number;
  keyword: string;
  searched_at: Stamp;
}
