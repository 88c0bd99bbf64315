import type { Readable } from 'node:stream';

// A video's length read from the file itself (MP4 and QuickTime, ISO base media): the movie header
// (`moov` → `mvhd`) names its time scale and duration, and each track's media header (`mdhd`) its
// own. A fragmented file (`moov` → `mvex`) leaves those at 0 and carries its samples in movie
// fragments (`moof`): its length is the fragment duration of `mvex` → `mehd` and what the fragments'
// samples add up to (`tfhd`, `tfdt`, `trun`, with the defaults of `trex`). The file is the member's
// own, so no one header is trusted to be short: the length is the longest any of them says. A file
// without a movie header, or whose every header says 0, cannot be measured.

interface Box {
  type: string;
  /** Where its content starts and where it ends. */
  body: number;
  end: number;
}

/** The boxes at `[start, end)` of `buf`. */
function* boxes(buf: Buffer, start: number, end: number): Generator<Box> {
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

const child = (buf: Buffer, parent: Box, type: string) => {
  for (const b of boxes(buf, parent.body, parent.end)) if (b.type === type) return b;
  return undefined;
};
const children = (buf: Buffer, parent: Box, type: string) => [...boxes(buf, parent.body, parent.end)].filter((b) => b.type === type);
const has = (b: Box, bytes: number) => b.end - b.body >= bytes;

/** A full box's 32- or 64-bit field (by its version): `at` is the offset of the 32-bit form after version and flags. */
function versioned(buf: Buffer, b: Box, at: number, at64: number): number | undefined {
  if (!has(b, 4)) return undefined;
  const version = buf.readUInt8(b.body);
  if (version === 1) return has(b, at64 + 8) ? Number(buf.readBigUInt64BE(b.body + at64)) : undefined;
  if (!has(b, at + 4)) return undefined;
  const v = buf.readUInt32BE(b.body + at);
  // All ones: "unknown" in a 32-bit duration.
  return v === 0xffffffff ? undefined : v;
}

/** A header's time scale (`mvhd`, `mdhd`: the same layout up to its duration), when it names one. */
function scaleOf(buf: Buffer, b: Box): number | undefined {
  if (!has(b, 4)) return undefined;
  const at = buf.readUInt8(b.body) === 1 ? 20 : 12;
  const scale = has(b, at + 4) ? buf.readUInt32BE(b.body + at) : 0;
  return scale > 0 ? scale : undefined;
}

/** A header's duration in seconds (`mvhd`, `mdhd`), 0 when it names none. */
function secondsOf(buf: Buffer, b: Box): number {
  const scale = scaleOf(buf, b);
  const duration = scale ? versioned(buf, b, 16, 24) : undefined;
  return scale && duration !== undefined ? duration / scale : 0;
}

/** Seconds the movie fragments' samples span, per track in its own time scale, the longest track. */
function fragmentSeconds(buf: Buffer, scales: Map<number, number>, movieScale: number, defaults: Map<number, number>): number {
  const ends = new Map<number, number>();
  for (const moof of boxes(buf, 0, buf.length)) {
    if (moof.type !== 'moof') continue;
    for (const traf of children(buf, moof, 'traf')) {
      const tfhd = child(buf, traf, 'tfhd');
      if (!tfhd || !has(tfhd, 8)) continue;
      const tfhdFlags = buf.readUInt32BE(tfhd.body) & 0xffffff;
      const track = buf.readUInt32BE(tfhd.body + 4);
      let at = tfhd.body + 8;
      if (tfhdFlags & 0x1) at += 8; // base data offset
      if (tfhdFlags & 0x2) at += 4; // sample description index
      let defaultDuration = defaults.get(track) ?? 0;
      if (tfhdFlags & 0x8 && at + 4 <= tfhd.end) defaultDuration = buf.readUInt32BE(at);
      const tfdt = child(buf, traf, 'tfdt');
      const base = tfdt ? versioned(buf, tfdt, 4, 4) : undefined;
      let sum = 0;
      for (const trun of children(buf, traf, 'trun')) {
        if (!has(trun, 8)) continue;
        const flags = buf.readUInt32BE(trun.body) & 0xffffff;
        const count = buf.readUInt32BE(trun.body + 4);
        let p = trun.body + 8;
        if (flags & 0x1) p += 4; // data offset
        if (flags & 0x4) p += 4; // first sample flags
        if (!(flags & 0x100)) {
          sum += count * defaultDuration;
          continue;
        }
        const per = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
        for (let i = 0; i < count && p + 4 <= trun.end; i++, p += per) sum += buf.readUInt32BE(p);
      }
      // A fragment's samples start at its decode time (tfdt) when it says, else where the track's last fragment ended.
      const start = base ?? ends.get(track) ?? 0;
      ends.set(track, Math.max(ends.get(track) ?? 0, start + sum));
    }
  }
  let longest = 0;
  for (const [track, end] of ends) {
    const scale = scales.get(track) ?? movieScale;
    if (scale > 0) longest = Math.max(longest, end / scale);
  }
  return longest;
}

/**
 * The duration in seconds of an MP4 or QuickTime file, fragmented or not: the longest its movie
 * header, its tracks' headers, its fragment duration (`mehd`) and its fragments' samples say.
 * Undefined when it has no readable movie header or every one of them says 0.
 */
export function videoSeconds(buf: Buffer): number | undefined {
  try {
    return readSeconds(buf);
  } catch {
    // A box that says it holds more than it does, read past its end: not a file that can be measured.
    return undefined;
  }
}

function readSeconds(buf: Buffer): number | undefined {
  const moov = [...boxes(buf, 0, buf.length)].find((b) => b.type === 'moov');
  const mvhd = moov && child(buf, moov, 'mvhd');
  if (!moov || !mvhd) return undefined;
  const movieScale = scaleOf(buf, mvhd) ?? 0;
  const seconds = [secondsOf(buf, mvhd)];
  // Each track's own length, in its own time scale, which its fragments count in too.
  const scales = new Map<number, number>();
  for (const trak of children(buf, moov, 'trak')) {
    const mdia = child(buf, trak, 'mdia');
    const mdhd = mdia && child(buf, mdia, 'mdhd');
    if (!mdhd) continue;
    seconds.push(secondsOf(buf, mdhd));
    const tkhd = child(buf, trak, 'tkhd');
    const scale = scaleOf(buf, mdhd);
    if (tkhd && has(tkhd, 24) && scale) scales.set(buf.readUInt32BE(tkhd.body + (buf.readUInt8(tkhd.body) === 1 ? 20 : 12)), scale);
  }
  const mvex = child(buf, moov, 'mvex');
  if (mvex) {
    const mehd = child(buf, mvex, 'mehd');
    const fragmentDuration = mehd && has(mehd, 8) ? versioned(buf, mehd, 4, 4) : undefined;
    if (fragmentDuration !== undefined && movieScale > 0) seconds.push(fragmentDuration / movieScale);
    const defaults = new Map<number, number>();
    for (const trex of children(buf, mvex, 'trex')) if (has(trex, 16)) defaults.set(buf.readUInt32BE(trex.body + 4), buf.readUInt32BE(trex.body + 12));
    seconds.push(fragmentSeconds(buf, scales, movieScale, defaults));
  }
  const longest = Math.max(...seconds.filter((x) => Number.isFinite(x)));
  return longest > 0 ? longest : undefined;
}

/**
 * Whether an MP4 or QuickTime file holds a movie, not only its first bytes: a readable movie header
 * (`moov` → `mvhd`) with a video track (a media handler `vide`) or a length.
 */
export function isMovie(buf: Buffer): boolean {
  const moov = [...boxes(buf, 0, buf.length)].find((b) => b.type === 'moov');
  if (!moov || !child(buf, moov, 'mvhd')) return false;
  const hasVideoTrack = children(buf, moov, 'trak').some((trak) => {
    const mdia = child(buf, trak, 'mdia');
    const hdlr = mdia && child(buf, mdia, 'hdlr');
    return !!hdlr && has(hdlr, 12) && buf.toString('latin1', hdlr.body + 8, hdlr.body + 12) === 'vide';
  });
  return hasVideoTrack || videoSeconds(buf) !== undefined;
}

/** Reads a stored file whole (videos are at most 10 MB) and answers its duration in seconds, or undefined when it cannot be measured. */
export async function storedVideoSeconds(stream: Readable | undefined): Promise<number | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return videoSeconds(Buffer.concat(chunks));
}
