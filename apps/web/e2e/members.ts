import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashToken, newToken } from '../../api/src/lib/tokens.js';

/**
 * A member with a session made directly in the database (tokens made and hashed as the API does),
 * ending an hour from now, or already ended an hour ago.
 */
export async function createMemberSession(databaseUrl: string, ends: 'expired' | 'live' = 'live'): Promise<{ token: string; userId: number; userName: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userName = `e2e${randomBytes(4).toString('hex')}`;
    const user = await client.query<{ id: string }>(`insert into users (user_name, password_hash) values ($1, 'x') returning id`, [userName]);
    const token = newToken();
    await client.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + $3::interval)`, [
      user.rows[0]!.id,
      hashToken(token),
      ends === 'expired' ? '-1 hour' : '1 hour',
    ]);
    return { token, userId: Number(user.rows[0]!.id), userName };
  } finally {
    await client.end();
  }
}
