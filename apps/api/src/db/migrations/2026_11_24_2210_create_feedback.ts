import { sql, type Kysely } from 'kysely';

// Members' feedback: a category the operators name in every language, the text as typed (at most
// 140 characters), up to 9 of the member's own image uploads, an optional contact; pending until
// an operator replies once (the member is messaged) or closes it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feedback_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('feedbacks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('feedback_categories.id'))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) between 1 and 140`))
    .addColumn('image_ids', sql`bigint[]`, (c) => c.notNull().defaultTo(sql`'{}'`).check(sql`cardinality(image_ids) <= 9`))
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(contact) <= 100`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'replied', 'closed')`))
    .addColumn('reply', 'text', (c) => c.check(sql`char_length(reply) <= 1000`))
    .addColumn('replied_by', 'text')
    .addColumn('replied_at', 'timestamptz')
    .addColumn('closed_by', 'text')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index feedbacks_member_idx on feedbacks (member_id, id desc)`.execute(db);
  await sql`create index feedbacks_status_idx on feedbacks (status, id)`.execute(db);
  // The categories a shop starts with; operators rename, reorder, hide or add.
  const names = (texts: string[]) => JSON.stringify(Object.fromEntries(['en-us', 'zh-cn', 'zh-tw', 'jp', 'th', 'id', 'may', 'km', 'hu'].map((l, i) => [l, texts[i]])));
  const seed = [
    ['Goods', '商品问题', '商品問題', '商品について', 'สินค้า', 'Produk', 'Produk', 'ទំនិញ', 'Termékek'],
    ['Orders and delivery', '订单与物流', '訂單與物流', '注文と配送', 'คำสั่งซื้อและการจัดส่ง', 'Pesanan dan pengiriman', 'Pesanan dan penghantaran', 'ការបញ្ជាទិញ និងការដឹកជញ្ជូន', 'Rendelések és szállítás'],
    ['Payment and wallet', '支付与钱包', '支付與錢包', '支払いとウォレット', 'การชำระเงินและกระเป๋าเงิน', 'Pembayaran dan dompet', 'Pembayaran dan dompet', 'ការទូទាត់ និងកាបូប', 'Fizetés és pénztárca'],
    ['Account', '账户问题', '帳戶問題', 'アカウント', 'บัญชี', 'Akun', 'Akaun', 'គណនី', 'Fiók'],
    ['Suggestions', '功能建议', '功能建議', 'ご提案', 'ข้อเสนอแนะ', 'Saran', 'Cadangan', 'សំណូមពរ', 'Javaslatok'],
    ['Other', '其他', '其他', 'その他', 'อื่นๆ', 'Lainnya', 'Lain-lain', 'ផ្សេងៗ', 'Egyéb'],
  ];
  for (const [i, texts] of seed.entries()) await sql`insert into feedback_categories (names, sort) values (${names(texts)}::jsonb, ${(i + 1) * 10})`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
