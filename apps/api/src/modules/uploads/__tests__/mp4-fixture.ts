/** One ISO base media box: its size, its type, its content. */
export const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/**
 * A small but real MP4 of exactly `size` bytes: `ftyp`, a movie header of 3 seconds with one video track
 * (`moov` → `mvhd`, `trak` → `tkhd`, `mdia` → `mdhd`, `hdlr` "vide"), then `mdat` filled with `fill`
 * (numbered bytes by default, so a range of it can be told from another).
 */
export function mp4(size: number, fill?: (i: number) => number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(3000, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(1, 12);
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(1000, 12);
  mdhd.writeUInt32BE(3000, 16);
  const hdlr = Buffer.alloc(25);
  hdlr.write('vide', 8, 'latin1');
  const head = Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), box('hdlr', hdlr)))),
  ]);
  const data = Buffer.alloc(size - head.length - 8);
  for (let i = 0; i < data.length; i++) data[i] = fill ? fill(i) : i % 251;
  return Buffer.concat([head, box('mdat', data)]);
}
