import pg from 'pg';
import type { Executor } from '../db/database.js';
import { isTx } from './transaction.js';

/**
 * Shared data whose cached readings must be dropped when it changes. Writers announce a change in
 * one place (the ledger for balances, the rates for rates); readers that keep answers listen.
 */
export type Change =
  /** Postings (or holds) touched accounts of these members. */
  | { kind: 'balances'; memberIds: number[] }
  /** Orders of these members were placed, changed state or had lines shipped. */
  | { kind: 'orders'; memberIds: number[] }
  /** These members got messages or read them. */
  | { kind: 'messages'; memberIds: number[] }
  /** A session of these members may have ended (revoked, expired, the member banned or gone): checked sessions are forgotten. */
  | { kind: 'sessions'; memberIds: number[] }
  /** These members' support chat moved (a message, a state, a read, someone typing): open chat sockets look. */
  | { kind: 'chat'; memberIds: number[]; signal?: ChatSignal }
  /** Exchange rates were recorded or set. */
  | { kind: 'rates' }
  /** The wallet's currencies (enabled, settlement) changed. */
  | { kind: 'wallet-currencies' }
  /** Cached answers with these tags are out of date (catalogue, content: `lib/cache.ts`). */
  | { kind: 'cache'; tags: string[] }
  /** Anything may have changed (notices from other processes were missed). */
  | { kind: 'all' };

/** What moved in a chat besides its messages and state: someone typing, or reading what the other side wrote. */
export type ChatSignal = 'typing:member' | 'typing:agent' | 'read:member' | 'read:agent';
const CHAT_SIGNALS: readonly ChatSignal[] = ['typing:member', 'typing:agent', 'read:member', 'read:agent'];

/** Where the changes come from: this process, or another one through the database. */
export type ChangeOrigin = 'local' | 'remote';
export type ChangeListener = (changes: Change[], origin: ChangeOrigin) => void;

const listeners = new Set<ChangeListener>();

/** Tells `listener` about every change once it is committed; answers the function that stops it. */
export function onChanges(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function tell(changes: Change[], origin: ChangeOrigin): void {
  for (const listener of listeners) {
    try {
      listener(changes, origin);
    } catch (error) {
      console.error('change listener failed', error);
    }
  }
}

/** Kinds of change that name the members they concern. */
const MEMBER_KINDS = ['balances', 'orders', 'messages', 'sessions'] as const;
type MemberKind = (typeof MEMBER_KINDS)[number];
const isMemberKind = (kind: unknown): kind is MemberKind => MEMBER_KINDS.includes(kind as MemberKind);

/** One change per kind, the members of every change of a kind together, the tags of every cache change together. */
export function mergeChanges(changes: Change[]): Change[] {
  if (changes.some((c) => c.kind === 'all')) return [{ kind: 'all' }];
  const membersOf = (kind: MemberKind) => new Set(changes.flatMap((c) => (c.kind === kind ? c.memberIds : [])));
  const tags = new Set(changes.flatMap((c) => (c.kind === 'cache' ? c.tags : [])));
  const kinds = new Set(changes.map((c) => c.kind).filter((k) => !isMemberKind(k) && k !== 'cache' && k !== 'chat'));
  // Chat changes carry signals: kept as they are, each once.
  const chats = [...new Map(changes.filter((c) => c.kind === 'chat').map((c) => [JSON.stringify(c), c])).values()];
  return [
    ...MEMBER_KINDS.flatMap((kind) => {
      const members = membersOf(kind);
      return members.size ? [{ kind, memberIds: [...members] }] : [];
    }),
    ...(tags.size ? [{ kind: 'cache' as const, tags: [...tags] }] : []),
    ...chats,
    ...[...kinds].map((kind) => ({ kind }) as Change),
  ];
}

const pendingOf = new WeakMap<object, Change[]>();

/** Announces a change that is already durable (made outside any transaction, or after its commit). */
export function announceCommitted(change: Change): void {
  tell([change], 'local');
}

/**
 * Announces `change` once the data is durable: after the commit of the transaction `db` is (every
 * change of one transaction together, never for a rollback), or at once when `db` is not a
 * transaction (its statement has already committed).
 */
export function announce(db: Executor, change: Change): void {
  if (!db.isTransaction) return tell([change], 'local');
  if (!isTx(db)) throw new Error('a change inside a transaction is announced through the Tx of withTransaction');
  let pending = pendingOf.get(db);
  if (!pending) {
    const collected: Change[] = [];
    pending = collected;
    pendingOf.set(db, collected);
    db.afterCommit(() => tell(mergeChanges(collected), 'local'));
  }
  pending.push(change);
}

/** The name a serving process's listening connection has in `pg_stat_activity`: one per API process. */
export const LISTENER_NAME = 'shop-api';

/** The PostgreSQL channel other processes (operator commands, a separate job worker) announce their changes on. */
export const CHANGES_CHANNEL = 'shop_changes';
// NOTIFY payloads are limited to 8000 bytes: a longer list is sent as "anything may have changed".
const MAX_PAYLOAD = 7000;

/** What goes on the channel for `changes`. */
export function changesPayload(changes: Change[]): string {
  const text = JSON.stringify(mergeChanges(changes));
  return text.length > MAX_PAYLOAD ? JSON.stringify([{ kind: 'all' }]) : text;
}

function parsePayload(text: string): Change[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [{ kind: 'all' }];
    return parsed.map((c: { kind?: unknown; memberIds?: unknown; tags?: unknown }): Change => {
      if (isMemberKind(c.kind) && Array.isArray(c.memberIds)) return { kind: c.kind, memberIds: c.memberIds.map(Number).filter(Number.isSafeInteger) };
      if (c.kind === 'cache' && Array.isArray(c.tags)) return { kind: 'cache', tags: c.tags.map(String) };
      if (c.kind === 'chat' && Array.isArray(c.memberIds)) {
        const signal = (c as { signal?: unknown }).signal;
        return { kind: 'chat', memberIds: c.memberIds.map(Number).filter(Number.isSafeInteger), ...(CHAT_SIGNALS.includes(signal as ChatSignal) ? { signal: signal as ChatSignal } : {}) };
      }
      if (c.kind === 'rates' || c.kind === 'wallet-currencies') return { kind: c.kind };
      return { kind: 'all' };
    });
  } catch {
    return [{ kind: 'all' }];
  }
}

/**
 * For a process that writes but serves no answers (operator commands, a separate job worker):
 * sends its committed changes on the database channel, where the serving processes listen.
 * `notify` sends one payload (`pg_notify`). `settled` waits for what is on its way (before the
 * process closes its database); `stop` ends it.
 */
export function publishChanges(notify: (channel: string, payload: string) => Promise<unknown>, onError: (e: unknown) => void = () => {}): { settled(): Promise<void>; stop(): void } {
  const sending = new Set<Promise<unknown>>();
  const stop = onChanges((changes, origin) => {
    if (origin !== 'local') return;
    const sent: Promise<unknown> = notify(CHANGES_CHANNEL, changesPayload(changes))
      .catch(onError)
      .finally(() => sending.delete(sent));
    sending.add(sent);
  });
  return {
    async settled() {
      await Promise.all([...sending]);
    },
    stop,
  };
}

/**
 * For a serving process: listens on the database channel on a connection of its own and tells the
 * local listeners what other processes changed. A lost connection is opened again, and since
 * notices may have been missed meanwhile, "anything may have changed" is told. Answers `stop`.
 */
export async function listenForChanges(url: string, log: (message: string) => void = () => {}, name = LISTENER_NAME): Promise<{ stop(): Promise<void> }> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: name });
    c.on('notification', (msg) => {
      if (msg.channel === CHANGES_CHANNEL) tell(parsePayload(msg.payload ?? ''), 'remote');
    });
    c.on('error', () => reconnect());
    c.on('end', () => reconnect());
    await c.connect();
    await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = c;
  };
  const reconnect = () => {
    if (stopped || retry) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => tell([{ kind: 'all' }], 'remote'))
        .catch((e: unknown) => {
          log(`listening for changes: ${e instanceof Error ? e.message : String(e)}; trying again`);
          reconnect();
        });
    }, 1_000);
    retry.unref();
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
