import { sql, type Kysely } from 'kysely';

// The regular shop's catalogue and the shop's content. Texts a shop writes in several languages
// are jsonb maps from language to text ({"en-us": "…", "zh-cn": "…"}); readers fall back to en-us.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('category_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('category_types.id'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await db.schema
    .createTable('goods')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('subtitle', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('description', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_minor', 'bigint', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('market_price_minor', 'bigint', (c) => c.notNull().check(sql`market_price_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('on_sale').check(sql`status in ('on_sale', 'off_sale')`))
    .addColumn('is_hot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_recommend', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    /** [{ id, name: texts, values: [{ id, name: texts }] }] */
    .addColumn('specs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('goods_category_idx').on('goods').columns(['category_id', 'status']).execute();

  await db.schema
    .createTable('goods_skus')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    /** The spec value ids joined by '_', in spec order: one SKU per combination. */
    .addColumn('spec_key', 'text', (c) => c.notNull())
    .addColumn('spec_value_ids', 'jsonb', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('market_price_minor', 'bigint', (c) => c.notNull().check(sql`market_price_minor >= 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('goods_skus_goods_spec_key', ['goods_id', 'spec_key'])
    .execute();

  await db.schema
    .createTable('goods_collects')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('goods_collects_pkey', ['user_id', 'goods_id'])
    .execute();

  await db.schema
    .createTable('goods_reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sku_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('goods_reviews_goods_idx').on('goods_reviews').columns(['goods_id', 'created_at']).execute();

  await db.schema
    .createTable('search_logs')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('searched_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('search_logs_pkey', ['user_id', 'keyword'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull().check(sql`position in ('home', 'share')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('sale_areas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('rate', 'numeric(20, 8)', (c) => c.notNull())
    .addColumn('flag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_banner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published').check(sql`status in ('draft', 'published')`))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('news_published_idx').on('news').columns(['status', 'published_at']).execute();

  await db.schema
    .createTable('news_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  for (const [table, target] of [['news_likes', 'news'], ['news_collects', 'news']] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('news_id', 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'news_id'])
      .execute();
  }

  await db.schema
    .createTable('news_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('news_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('news_comments_news_idx').on('news_comments').columns(['news_id', 'parent_id', 'id']).execute();

  await db.schema
    .createTable('news_comment_likes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('news_comments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('news_comment_likes_pkey', ['user_id', 'comment_id'])
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('faqs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question', 'jsonb', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('agreements')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('popups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all').check(sql`audience in ('all', 'visitor', 'member')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
