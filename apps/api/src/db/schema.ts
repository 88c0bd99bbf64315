import type * as account from '../modules/accounts/account-tables.js';
import type { LanguagePacksTable } from '../modules/lang/lang.table.js';
import type { SessionsTable, UsersTable } from '../modules/members/members.table.js';
import type * as catalogue from '../modules/catalogue/catalogue.table.js';
import type * as content from '../modules/content/content.table.js';
import type { IdempotencyKeysTable } from '../idempotency/idempotency.table.js';
import type { WebhookEventsTable } from '../webhooks/webhooks.table.js';

/** Every table of the database, as Kysely sees it. Each area adds its tables here. */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  language_packs: LanguagePacksTable;
  verification_codes: account.VerificationCodesTable;
  outbox_messages: account.OutboxMessagesTable;
  captcha_challenges: account.CaptchaChallengesTable;
  captcha_tokens: account.CaptchaTokensTable;
  login_failures: account.LoginFailuresTable;
  account_settings: account.AccountSettingsTable;
  certifications: account.CertificationsTable;
  account_cancellations: account.AccountCancellationsTable;
  upload_tokens: account.UploadTokensTable;
  uploads: account.UploadsTable;
  operator_actions: account.OperatorActionsTable;
  category_types: catalogue.CategoryTypesTable;
  categories: catalogue.CategoriesTable;
  goods: catalogue.GoodsTable;
  goods_skus: catalogue.GoodsSkusTable;
  goods_collects: catalogue.GoodsCollectsTable;
  goods_reviews: catalogue.GoodsReviewsTable;
  search_logs: catalogue.SearchLogsTable;
  banners: content.BannersTable;
  sale_areas: content.SaleAreasTable;
  news: content.NewsTable;
  news_attachments: content.NewsAttachmentsTable;
  news_likes: content.NewsReactionsTable;
  news_collects: content.NewsReactionsTable;
  news_comments: content.NewsCommentsTable;
  news_comment_likes: content.NewsCommentLikesTable;
  notices: content.NoticesTable;
  faqs: content.FaqsTable;
  agreements: content.AgreementsTable;
  popups: content.PopupsTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_events: WebhookEventsTable;
}
