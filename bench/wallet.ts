import { loadConfig } from '../apps/api/src/config.js';
import { embeddedDatabaseUrl } from '../apps/api/src/db/connect.js';
import { createDatabase } from '../apps/api/src/db/database.js';
import { operatorCliActor } from '../apps/api/src/lib/actor.js';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.js';
import { grantPoints } from '../apps/api/src/modules/wallet/wallet.service.js';
import { decideApproval } from '../apps/api/src/modules/approvals/approvals.service.js';
import { wireAreas } from '../apps/api/src/wiring.js';
// The request context's type augmentation, which the API's actor module relies on (the API's own build includes it).
import type {} from '../apps/api/src/plugins/context.js';
import { load, warm, type LoadResult } from './load.js';
import type { RunningServer } from './servers.js';

/** Ledger entries the member has before the run. */
const ENTRIES = 300;

/**
 * A member's asset page (`GET /user/wallet/asset`) with a signed-in member of a few hundred ledger
 * entries: the demo member, given points and shopping points in separate grants and a session,
 * straight in the shop's database. Budget: p99 under 20 ms.
 */
export async function benchWallet(shop: RunningServer): Promise<Array<LoadResult & { maxP99Ms: number }>> {
  if (!shop.env) throw new Error('the wallet bench needs the shop’s database');
  const db = createDatabase(embeddedDatabaseUrl(loadConfig({ ...process.env, ...shop.env })), 2);
  let token: string;
  try {
    const member = await db.selectFrom('users').select('id').where('user_name', '=', 'demo001').executeTakeFirstOrThrow();
    wireAreas();
    for (let i = 0; i < ENTRIES; i++) {
      const asked = await grantPoints(db, operatorCliActor('bench', undefined, `bench-wallet-${i}`), { user_id: member.id, kind: i % 3 ? 'points' : 'shopping_points', amount: 10 + i, reason: 'bench' });
      await decideApproval(db, operatorCliActor('bench-approver'), 'owner', { id: asked.request.id, decision: 'approve' });
    }
    token = newToken();
    await db.insertInto('sessions').values({ user_id: member.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000) }).execute();
  } finally {
    await db.destroy();
  }
  const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5', authorization: `Bearer ${token}` };
  const url = `${shop.url}/user/wallet/asset`;
  const check = (await (await fetch(url, { headers })).json()) as { code: number; data?: { points?: number } };
  if (check.code !== 200) throw new Error(`/user/wallet/asset answered code ${check.code}`);
  await warm(url, headers);
  return [{ ...(await load(`GET /user/wallet/asset (${ENTRIES} entries)`, url, { headers })), maxP99Ms: 20 }];
}
