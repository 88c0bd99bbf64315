// The account area's tables, gathered for db/schema.ts.
export type { OperatorActionsTable } from '../operator-actions/operator-actions.table.js';
export type { VerificationCodesTable, OutboxMessagesTable } from '../verification/verification.table.js';
export type { CaptchaChallengesTable, CaptchaTokensTable, LoginFailuresTable, AccountSettingsTable, CaptchaSettingsTable } from '../captcha/captcha.table.js';
export type { CertificationsTable } from '../certification/certification.table.js';
export type { AccountCancellationsTable } from '../cancellation/cancellation.table.js';
export type { UploadTokensTable, UploadsTable } from '../uploads/uploads.table.js';
