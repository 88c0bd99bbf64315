import { PassThrough, type Readable } from 'node:stream';
import type { AppDeps } from '../app-deps.js';
import type { Database } from '../db/database.js';
import type { Actor } from './actor.js';
import { CSV_BOM, csvLine } from './csv.js';
import { withTransaction } from './transaction.js';

/** Rows read per query while a file is written. */
const EXPORT_PAGE = 500;
/** A file holds at most this many rows (the paging limit of every list). */
export const EXPORT_MAX_ROWS = 200_000;

type Cell = string | number | boolean | null | undefined;

/** An operator list a CSV file can be made of: how to read its pages, and its columns (header text key, value). */
export interface ListExport<Q, R> {
  /** The file's name and the audit entry's kind (`export.<name>`). */
  name: string;
  page: (db: Database, actor: Actor, input: Q & { page: number; limit: number }) => Promise<{ list: R[]; has_more: boolean }>;
  columns: ReadonlyArray<readonly [header: string, value: (row: R) => Cell]>;
}

/** Waits until the stream takes more, or throws when the reader went away. */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', ok).off('close', gone).off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const ok = () => done();
    const gone = () => done(new Error('the reader closed the file'));
    out.once('drain', ok).once('close', gone).once('error', done);
  });
}

/**
 * A list as a CSV file: headers in the operator's language, then every row matching the same
 * filters and sort as the list, read from one snapshot of the database (rows added meanwhile
 * neither repeat nor shift the pages). Operator exports go through `exportList` of the
 * operator-actions area, which records them first.
 */
export function listCsv<Q extends object, R>(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, list: ListExport<Q, R>, query: Q, now = new Date()): { filename: string; body: Readable } {
  const { page: _p, limit: _l, ...filters } = query as Q & { page?: number; limit?: number };

  const out = new PassThrough();
  out.write(CSV_BOM + csvLine(list.columns.map(([header]) => deps.i18n.t(actor.lang, `console.csv.${header}`))));
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await drained(out);
  };
  const run = withTransaction(
    deps.db,
    async (tx) => {
      let rows = 0;
      for (let page = 1; rows < EXPORT_MAX_ROWS && !out.destroyed; page++) {
        const answer = await list.page(tx, actor, { ...filters, page, limit: EXPORT_PAGE } as Q & { page: number; limit: number });
        const lines = answer.list.slice(0, EXPORT_MAX_ROWS - rows).map((row) => csvLine(list.columns.map(([, value]) => value(row))));
        rows += lines.length;
        if (lines.length) await write(lines.join(''));
        if (!answer.has_more) break;
      }
    },
    { isolation: 'repeatable read', maxAttempts: 1 },
  );
  run.then(
    () => out.end(),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { filename: `${list.name}-${now.toISOString().slice(0, 10)}.csv`, body: out };
}
