import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { announce } from '../../lib/changes.js';
import type { MemberRoleKind } from './members.table.js';

/** Tags of cached answers that follow members' roles (a shop owner's own shop): one member's is dropped when one of their roles is granted or revoked (here, and by a database trigger that names the same tag). */
export const MemberRolesTag = { all: 'member-roles', member: (memberId: number) => `member-roles:${memberId}` } as const;

/** Tells, once `db`'s transaction commits, that the member's roles changed (when `changed`); answers `changed`. */
function rolesChanged(db: Executor, memberId: number, changed: boolean): boolean {
  if (changed) announce(db, { kind: 'cache', tags: [MemberRolesTag.member(memberId)] });
  return changed;
}

/** The member's roles, active and revoked. */
export const findMemberRoles = (db: Executor, memberId: number) => db.selectFrom('member_roles').selectAll().where('member_id', '=', memberId).orderBy('since').execute();

/** Whether the member holds the role now. */
export const hasActiveRole = async (db: Executor, memberId: number, kind: MemberRoleKind): Promise<boolean> =>
  !!(await db.selectFrom('member_roles').select('member_id').where('member_id', '=', memberId).where('kind', '=', kind).where('status', '=', 'active').executeTakeFirst());

/** Grants a role (again, after a revocation); answers false when the member already holds it. */
export const grantMemberRole = async (db: Executor, role: { member_id: number; kind: MemberRoleKind; granted_by: string; region?: string; reason?: string }): Promise<boolean> =>
  rolesChanged(db, role.member_id, (
    await sql<{ member_id: number }>`insert into member_roles (member_id, kind, granted_by, region, reason)
      values (${role.member_id}, ${role.kind}, ${role.granted_by}, ${role.region ?? ''}, ${role.reason ?? ''})
      on conflict (member_id, kind) do update set status = 'active', since = now(), granted_by = excluded.granted_by, region = excluded.region, reason = excluded.reason, revoked_at = null
        where member_roles.status = 'revoked'
      returning member_id`.execute(db)
  ).rows.length > 0);

/** Revokes an active role with the reason; answers false when the member did not hold it. */
export const revokeMemberRole = async (db: Executor, memberId: number, kind: MemberRoleKind, reason: string): Promise<boolean> =>
  rolesChanged(db, memberId, Number((await db.updateTable('member_roles').set({ status: 'revoked', revoked_at: sql`now()`, reason }).where('member_id', '=', memberId).where('kind', '=', kind).where('status', '=', 'active').executeTakeFirst()).numUpdatedRows) > 0);
