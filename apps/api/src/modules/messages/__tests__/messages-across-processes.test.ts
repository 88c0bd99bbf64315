import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf } from '../../../db/database.js';
import { listenForChanges, onChanges } from '../../../lib/changes.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { OPS_CLI } from '../../../test/api-processes.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';

// A message written by another process (the real operator script, deciding a real-name request)
// reaches the running shop through the database: the member's cached unread count is dropped and
// right at once.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The console operator the command script runs as ($OPERATOR).
  await opsOperators(t.db, { olivia: 'owner' });
}, 60_000);
afterAll(() => t.close());

const unread = async (headers: Record<string, string>) => (await call(t, 'GET', '/user/message/total', { headers })).body.data.unread as number;

describe('the unread count across processes', () => {
  it('is right at once after another process messages the member', async () => {
    const listening = await listenForChanges(connectionOf(t.db).url);
    try {
      const m = await newMember(t);
      const cert = await t.db
        .insertInto('certifications')
        .values({ user_id: m.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `C${m.userId}0000`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'pending', reason: null, reviewed_by: null, reviewed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Read (and cached) before the decision.
      expect(await unread(m.headers)).toBe(0);
      expect(await unread(m.headers)).toBe(0);
      const heard = new Promise<void>((resolve) => {
        const stop = onChanges((changes, origin) => {
          if (origin === 'remote' && changes.some((c) => c.kind === 'messages' && c.memberIds.includes(m.userId))) resolve(stop());
        });
      });
      const root = path.resolve(import.meta.dirname, '../../../../../..');
      await promisify(execFile)(process.execPath, [...OPS_CLI, 'realname', 'reject', String(cert.id), '--reason', 'Photo unreadable'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.deps.config.DATABASE_URL, OPERATOR: 'olivia', NODE_ENV: 'test' },
      });
      await heard;
      expect(await unread(m.headers)).toBe(1);
    } finally {
      await listening.stop();
    }
  }, 60_000);
});
