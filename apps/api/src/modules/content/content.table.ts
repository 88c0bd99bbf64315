import type { ColumnType, Generated } from 'kysely';
import type { Json, JsonDefault, Stamp, Texts } from '../catalogue/catalogue.table.js';

export interface BannersTable {
  id: Generated<number>;
  position: 'home' | 'share';
  title: Json<Texts>;
  text: JsonDefault<Texts>;
  image: string;
  link: Generated<string>;
  sort: Generated<number>;
  is_visible: Generated<boolean>;
  /** Moved on every change: an editor's save names the one it loaded (a stale copy is refused). */
  updated_at: Stamp;
}

export interface SaleAreasTable {
  id: Generated<number>;
  code: string;
  name: Json<Texts>;
  /** Its rate is the rates module's (`ratesInto`), never kept here. */
  currency: string;
  flag: Generated<string>;
  sort: Generated<number>;
}

export interface NewsTable {
  id: Generated<number>;
  title: Json<Texts>;
  summary: JsonDefault<Texts>;
  content: JsonDefault<Texts>;
  cover: Generated<string>;
  is_banner: Generated<boolean>;
  status: Generated<'draft' | 'published'>;
  like_count: Generated<number>;
  collect_count: Generated<number>;
  comment_count: Generated<number>;
  published_at: Stamp;
  updated_at: Stamp;
}

export interface NewsAttachmentsTable {
  id: Generated<number>;
  news_id: number;
  name: string;
  url: string;
  size: Generated<number>;
  mime: string;
  sort: Generated<number>;
}

export interface NewsReactionsTable {
  user_id: number;
  news_id: number;
  created_at: Stamp;
}

export interface NewsCommentsTable {
  id: Generated<number>;
  news_id: number;
  parent_id: number | null;
  user_id: number | null;
  author_name: string;
  content: string;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  is_visible: Generated<boolean>;
  /** The last hide or show by an operator: who, when and why. */
  moderated_by: Generated<string | null>;
  moderated_at: Generated<Date | null>;
  moderation_reason: Generated<string>;
  created_at: Stamp;
}

export interface NewsCommentLikesTable {
  user_id: number;
  comment_id: number;
  created_at: Stamp;
}

export interface NoticesTable {
  id: Generated<number>;
  title: Json<Texts>;
  summary: JsonDefault<Texts>;
  content: JsonDefault<Texts>;
  is_visible: Generated<boolean>;
  published_at: Stamp;
  updated_at: Stamp;
}

export interface FaqsTable {
  id: Generated<number>;
  question: Json<Texts>;
  answer: Json<Texts>;
  sort: Generated<number>;
  updated_at: Stamp;
}

export interface AgreementsTable {
  kind: string;
  title: Json<Texts>;
  content: Json<Texts>;
  updated_at: Stamp;
}

export interface PopupsTable {
  id: Generated<number>;
  title: Json<Texts>;
  content: JsonDefault<Texts>;
  image: Generated<string>;
  link: Generated<string>;
  audience: Generated<'all' | 'visitor' | 'member'>;
  starts_at: Stamp;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sort: Generated<number>;
  is_visible: Generated<boolean>;
  updated_at: Stamp;
}
