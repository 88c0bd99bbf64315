import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { signedInOperator } from './operator-fixtures.js';

// An operator names a member by user name or number. A number past what a member id can be (the
// ids are bigint) names nobody: answered as an unknown member, never a crash of the database query.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const HUGE = '99999999999999999999';

describe('a member named by number', () => {
  it('past the id range, linking it to an operator answers as for an unknown member, nothing linked', async () => {
    const owner = await signedInOperator(t, 'owner');
    const support = await signedInOperator(t, 'support');
    const link = (member: string) => call(t, 'POST', '/admin/api/operators/member', { operator_id: support.id, member, reason: 'same person' }, { token: owner.token, lang: 'zh-cn' });
    const unknown = await link('999999999');
    expect(unknown.body.code).toBe(ResponseCode.userNotFound);
    for (const member of [HUGE, '9223372036854775808', '9007199254740993']) {
      const huge = await link(member);
      expect({ status: huge.status, body: huge.body }, member).toEqual({ status: unknown.status, body: unknown.body });
    }
    expect((await t.db.selectFrom('operators').select('member_id').where('id', '=', support.id).executeTakeFirstOrThrow()).member_id).toBeNull();
    // A real member's number still names them.
    const m = await registerMember(t);
    expect((await link(String(m.user.id))).body).toMatchObject({ code: 200, data: { operator_id: support.id, member_id: m.user.id } });
  });

  it('past the id range, on the command line it is "no member", as for an unknown number', async () => {
    const owner = await signedInOperator(t, 'owner');
    await expect(runOpsCommand(t.db, ['ban', '999999999', '--reason', 'spam'], owner.userName)).rejects.toThrow('no member 999999999');
    await expect(runOpsCommand(t.db, ['ban', HUGE, '--reason', 'spam'], owner.userName)).rejects.toThrow(`no member ${HUGE}`);
  });
});
