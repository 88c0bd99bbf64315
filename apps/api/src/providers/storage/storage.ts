import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Part of a stored file: from byte `start` to byte `end`, both included (as in an HTTP `Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded files live. The local folder is the default; an object store can take its place. */
export interface FileStorage {
  /** Moves a finished temporary file into the store under `key`. */
  putFile(key: string, tempPath: string): Promise<void>;
  /** The stored bytes (only those of `range` when one is given), or undefined when there is no such key. */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** The stored file's size in bytes, or undefined when there is no such key. */
  size(key: string): Promise<number | undefined>;
  exists(key: string): Promise<boolean>;
  /** Writes bytes under `key` (derived files such as resized images). */
  write(key: string, data: Buffer): Promise<void>;
  /** A folder for uploads while they stream in. */
  readonly tempDir: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Files under one folder (DATA_DIR/uploads); keys never leave it. */
export class LocalFileStorage implements FileStorage {
  readonly tempDir: string;

  constructor(private root: string) {
    this.tempDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tempDir, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(this.root, key);
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tempPath, target);
  }

  async read(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const p = this.pathOf(key);
    return fs.existsSync(p) ? fs.createReadStream(p, range ? { start: range.start, end: range.end } : undefined) : undefined;
  }

  async size(key: string): Promise<number | undefined> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => undefined);
    return stat?.isFile() ? stat.size : undefined;
  }

  async exists(key: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(key));
  }

  /** Writes bytes under `key` (derived files such as resized images). */
  async write(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(this.tempDir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, target);
  }
}
