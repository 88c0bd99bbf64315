import type { Readable } from 'node:stream';

// A video's length read from the file itself (MP4 and QuickTime, ISO base media): the movie header
// (`moov` → `mvhd`) names its time scale and duration. A file without one cannot be measured.

/** The boxes at `[start, end)` of `buf`: type, where its content starts, where it ends. */
function* boxes(buf: Buffer, start: number, end: number): Generator<{ type: string; body: number; end: number }> {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield { type, body: at + header, end: at + size };
    at += size;
  }
}

/** The duration in seconds of an MP4 or QuickTime file, or undefined when it has no readable movie header. */
export function videoSeconds(buf: Buffer): number | undefined {
  for (const top of boxes(buf, 0, buf.length)) {
    if (top.type !== 'moov') continue;
    for (const box of boxes(buf, top.body, top.end)) {
      if (box.type !== 'mvhd' || box.end - box.body < 20) continue;
      const version = buf.readUInt8(box.body);
      if (version === 1) {
        if (box.end - box.body < 32) return undefined;
        const scale = buf.readUInt32BE(box.body + 20);
        const duration = Number(buf.readBigUInt64BE(box.body + 24));
        return scale > 0 ? duration / scale : undefined;
      }
      const scale = buf.readUInt32BE(box.body + 12);
      const duration = buf.readUInt32BE(box.body + 16);
      return scale > 0 && duration !== 0xffffffff ? duration / scale : undefined;
    }
  }
  return undefined;
}

/** Reads a stored file whole (videos are at most 10 MB) and answers its duration in seconds, or undefined. */
export async function storedVideoSeconds(stream: Readable | undefined): Promise<number | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return videoSeconds(Buffer.concat(chunks));
}
