import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ResponseCode, documentNumberKey, fullName, isNationalId, maskContact, type Language } from '@shop/contract';
import { dateOnly, iso } from '../../lib/dates.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { notifyMember } from '../messages/messages.service.js';
import { AppError, ValidationError, alreadyDecided, notFound } from '../../lib/errors.js';
import type { Translator } from '../../lib/i18n.js';
import { findUserById, lockUserForUpdate, updateUser } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';

import { realNameStatus } from './real-name.js';
import { listCountries } from '../members/countries.js';
import type { CertificationRow } from './certification.table.js';
import * as q from './certification.queries.js';
import { sqlState, withTransaction, type Tx } from '../../lib/transaction.js';

export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_license', 'residence_permit'] as const;

interface RealNameInput {
  document_type: (typeof DOCUMENT_TYPES)[number];
  document_number: string;
  surname: string;
  given_name: string;
  title?: string;
  birthday?: string;
  referral_code?: string;
  country?: string;
}

function toRecord(row: CertificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    country: row.country,
    document_type: row.document_type as RealNameInput['document_type'],
    document_number: maskContact(row.document_number),
    surname: row.surname,
    given_name: row.given_name,
    title: row.title,
    birthday: dateOnly(row.birthday),
    referral_code: row.referral_code,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at),
    reviewed_at: row.reviewed_at ? iso(row.reviewed_at) : null,
  };
}

/** The member's real-name state and latest record, or one of their own records by id. */
export async function realNameInfo(db: Executor, actor: Actor, input: { id?: number } = {}) {
  const userId = memberIdOf(actor);
  const { id } = input;
  const row = id ? await q.findOwnCertification(db, userId, id) : await q.findLatestCertification(db, userId);
  if (id && !row) throw new AppError(ResponseCode.realNameNotFound);
  return { status: await realNameStatus(db, userId), record: row ? toRecord(row) : null };
}

/**
 * Submits real-name details for review: mainland members with a national ID (checked), others with
 * their country. One request under review at a time; after a rejection the member may resubmit.
 * A document under review or verified for another account is refused (3043), even when both are sent at once.
 */
export async function submitRealName(db: Database, actor: Actor, input: RealNameInput & { kind: 'mainland' | 'international' }) {
  const userId = memberIdOf(actor);
  const { kind } = input;
  if (kind === 'mainland' && input.document_type === 'id_card' && !isNationalId(documentNumberKey(input.document_number))) {
    throw new ValidationError([{ field: 'document_number', key: 'validation.invalid', params: { field: 'document_number' } }]);
  }
  if (kind === 'international' && !listCountries('en-us').some((c) => c.code === input.country)) {
    throw new ValidationError([{ field: 'country', key: 'validation.invalid', params: { field: 'country' } }]);
  }
  // Kept and compared in one form: `AA１２３４５６７`, `aa.123 4567` and `AA1234567` are one passport.
  const documentNumber = documentNumberKey(input.document_number);
  await withTransaction(db, async (trx) => {
    await lockUserForUpdate(trx, userId);
    const latest = await q.findLatestCertification(trx, userId);
    if (latest?.status === 'pending') throw new AppError(ResponseCode.realNamePending);
    if (latest?.status === 'approved') throw new AppError(ResponseCode.realNameApproved);
    if (await q.findDocumentHolder(trx, input.document_type, documentNumber, userId)) throw new AppError(ResponseCode.realNameDocumentInUse);
    await insertOnce(trx, {
      user_id: userId,
      kind,
      country: kind === 'mainland' ? 'CN' : input.country!,
      document_type: input.document_type,
      document_number: documentNumber,
      document_key: documentNumber,
      surname: input.surname,
      given_name: input.given_name,
      title: input.title ?? null,
      birthday: input.birthday ?? null,
      referral_code: input.referral_code || null,
    });
  });
  return realNameInfo(db, actor);
}

/** Inserts a request; another account's request for the same document sent at the same moment loses to the unique index. */
async function insertOnce(trx: Tx, row: Parameters<typeof q.insertCertification>[1]) {
  try {
    return await q.insertCertification(trx, row);
  } catch (e) {
    if (sqlState(e) === '23505' && (e as { constraint?: string }).constraint === 'certifications_document_key_once') throw new AppError(ResponseCode.realNameDocumentInUse);
    throw e;
  }
}

export function documentTypes(i18n: Translator, lang: Language) {
  return DOCUMENT_TYPES.map((value) => ({ value, label: i18n.t(lang, `account.document.${value}`) }));
}

/**
 * Which form the member starts from: their country as registration or their phone names it (mainland
 * China's form only for a member known to be of it), and none when neither says.
 */
export async function realNameKind(db: Executor, actor: Actor) {
  const userId = memberIdOf(actor);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  const phoneCountry = user.mobile_pre && user.mobile ? parsePhoneNumberFromString(`+${user.mobile_pre}${user.mobile}`)?.country : undefined;
  const country = user.country ?? phoneCountry ?? null;
  return { kind: country === 'CN' ? ('mainland' as const) : ('international' as const), country, status: await realNameStatus(db, userId) };
}

/** An operator's decision on a pending request; approval sets the member's true name. Recorded with who and when. */
export async function reviewRealName(db: Database, actor: Actor, input: { id: number; decision: 'approve' | 'reject'; reason?: string }) {
  const operator = operatorNameOf(actor);
  const { id, decision, reason } = input;
  return withTransaction(db, async (trx) => {
    const row = await q.lockCertificationForUpdate(trx, id);
    if (!row) throw notFound('certification');
    refuseOwnAccount(actor, row.user_id);
    if (row.status !== 'pending') throw alreadyDecided(row.status);
    if (decision === 'reject' && !reason?.trim()) throw new AppError(ResponseCode.reasonRequired);
    // A request kept out of the one-document index (it shared a document before the index): another account verified it first.
    if (decision === 'approve' && (await q.findApprovedDocumentHolder(trx, row.document_type, row.document_key, row.user_id))) {
      throw new AppError(ResponseCode.realNameDocumentInUse);
    }
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const now = new Date();
    await q.setCertificationDecision(trx, id, { status, reason: reason ?? null, reviewedBy: operator, at: now });
    if (status === 'approved') {
      // Joined by the one rule for names (Chinese, Japanese or Korean parts without a space, family
      // name first; others with a space), in the order the request's form asked for the parts.
      const trueName = fullName(row.given_name, row.surname, row.kind === 'mainland' ? 'zh-cn' : 'en-us');
      await updateUser(trx, row.user_id, { true_name: trueName });
    }
    await notifyMember(trx, { memberId: row.user_id, kind: `account.realname_${status}`, params: { reason: reason ?? '' }, link: '/pages/other/setting', eventKey: `certification:${id}:${status}` });
    await insertOperatorAction(trx, { operator, action: `realname.${decision}`, target_type: 'certification', target_id: id, reason });
    return { id, user_id: row.user_id, status };
  });
}

/** Requests waiting for an operator's decision, oldest first. */
export async function pendingRealNames(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return q.findPendingCertifications(db);
}
