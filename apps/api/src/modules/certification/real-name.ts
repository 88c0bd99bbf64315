import { ResponseCode, type User } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { findLatestCertification } from './certification.queries.js';

/** The real-name state of a member: their latest record's status, or none. */
export async function realNameStatus(db: Executor, userId: number): Promise<User['real_name_status']> {
  const row = await findLatestCertification(db, userId);
  return row?.status ?? 'none';
}

/** Actions that need a verified identity call this first. */
export async function requireRealName(db: Executor, userId: number): Promise<void> {
  if ((await realNameStatus(db, userId)) !== 'approved') throw new AppError(ResponseCode.realNameRequired);
}
