/**
 * Data that is already JSON (a cached, serialised answer): spliced into the envelope as is. The type
 * parameter is the endpoint's data, so a handler cannot return another call's cached answer.
 */
export class PreSerialized<T = unknown> {
  private encoded: { prefix: string; bytes: Buffer } | undefined;
  /** Only for the type checker: what `json` holds. */
  declare readonly __data?: T;

  constructor(readonly json: string) {}

  /**
   * The whole envelope, ready to send. A large cached answer is encoded to bytes once, not on every
   * request; a small one stays text, which Node sends in one piece with the headers.
   */
  envelope(prefix: string): string | Buffer {
    if (this.json.length < 1024) return `${prefix}${this.json}}`;
    if (this.encoded?.prefix !== prefix) this.encoded = { prefix, bytes: Buffer.from(`${prefix}${this.json}}`) };
    return this.encoded.bytes;
  }

  private packed: Map<string, Promise<Buffer>> | undefined;

  /**
   * The envelope compressed in `encoding`, made by `make` once per language and kept with the answer:
   * every request for a cached list after the first sends the same compressed bytes.
   */
  compressed(prefix: string, encoding: string, make: (body: string | Buffer) => Promise<Buffer>): Promise<Buffer> {
    const key = `${encoding}:${prefix}`;
    let made = this.packed?.get(key);
    if (made === undefined) {
      made = make(this.envelope(prefix));
      (this.packed ??= new Map()).set(key, made);
      made.catch(() => this.packed?.delete(key));
    }
    return made;
  }
}
