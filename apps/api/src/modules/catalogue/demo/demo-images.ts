import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@shop/contract';
import type { Config } from '../../../config.js';
import { AppError } from '../../../lib/errors.js';
import { DELIVERY_ENCODING, encodeAs, imageFormatMime, pickImageFormat, SIZE_STEPS, type ModernImageFormat } from '../../../lib/image-format.js';
import { assertStorable, unstorableField } from '../../../plugins/routes.js';
import { BANNERS, CATEGORIES, COLOURS, GOODS_COUNT, NEWS, POPUPS, POSTERS, demoGoods } from './demo-data.js';
import { CHARITY_CAUSES, SHOWCASE_BANNERS, WORLD_GOODS } from './showcase-data.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Splits a title into lines of at most `width` characters. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.slice(0, 3);
}

function card(w: number, h: number, hue: number, title: string, opts: { sub?: string; shape?: 'product' | 'none'; accent?: string; size?: number } = {}): string {
  const size = opts.size ?? Math.round(w / 14);
  const ls = lines(title, Math.max(8, Math.floor((w * 0.85) / (size * 0.58))));
  const textY = opts.shape === 'product' ? h * 0.78 : h / 2 - ((ls.length - 1) * size * 1.2) / 2;
  const shape =
    opts.shape === 'product'
      ? `<ellipse cx="${w / 2}" cy="${h * 0.66}" rx="${w * 0.28}" ry="${h * 0.04}" fill="rgba(0,0,0,0.15)"/>
         <rect x="${w * 0.3}" y="${h * 0.18}" width="${w * 0.4}" height="${h * 0.44}" rx="${w * 0.06}" fill="${opts.accent ?? '#fff'}" stroke="rgba(255,255,255,0.85)" stroke-width="${w * 0.012}"/>
         <circle cx="${w / 2}" cy="${h * 0.34}" r="${w * 0.08}" fill="rgba(255,255,255,0.35)"/>`
      : `<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.35}" fill="rgba(255,255,255,0.12)"/><circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.3}" fill="rgba(255,255,255,0.1)"/>`;
  const text = ls
    .map((l, i) => `<text x="${w / 2}" y="${textY + i * size * 1.2}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="bold" fill="#fff" text-anchor="middle">${esc(l)}</text>`)
    .join('');
  const sub = opts.sub
    ? `<text x="${w / 2}" y="${textY + ls.length * size * 1.2 + size * 0.2}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.6)}" fill="rgba(255,255,255,0.9)" text-anchor="middle">${esc(opts.sub)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360},65%,42%)"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${shape}${text}${sub}</svg>`;
}

/** The SVG of a demo image by its file name, or undefined when there is no such image. */
export function demoImageSvg(file: string): string | undefined {
  const m = /^(goods|world|cate|banner|feature|cause|news|popup|poster)-(\d{1,3})(?:-(\d))?\.png$/.exec(file);
  if (!m) return undefined;
  const n = Number(m[2]);
  const k = Number(m[3] ?? 1);
  switch (m[1]) {
    case 'goods': {
      if (n < 1 || n > GOODS_COUNT || k < 1 || k > 3) return undefined;
      const g = demoGoods(n - 1);
      const colour = COLOURS[g.skus[0]!.colour]!.hex;
      return card(600, 600, (g.hue + (k - 1) * 25) % 360, g.name['en-us'], { shape: 'product', accent: colour, size: 38, sub: k === 1 ? undefined : `view ${k}` });
    }
    case 'world': {
      const g = WORLD_GOODS[n - 1];
      if (!g || k < 1 || k > 3) return undefined;
      return card(600, 600, (g.hue + (k - 1) * 25) % 360, g.name['en-us'], { shape: 'product', accent: '#f2f2f2', size: 38, sub: k === 1 ? g.currency : `view ${k}` });
    }
    case 'cate': {
      const c = CATEGORIES[n - 1];
      if (!c) return undefined;
      const initials = c.name['en-us'].split(/[\s&']+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
      return card(160, 160, c.hue, initials, { size: 56 });
    }
    case 'banner': {
      const b = BANNERS[n - 1];
      return b && card(750, 320, b.hue, b.title['en-us'], { size: 44 });
    }
    case 'feature': {
      const b = SHOWCASE_BANNERS[n - 1];
      return b && card(750, 320, b.hue, b.title['en-us'], { size: 44 });
    }
    case 'cause': {
      const c = CHARITY_CAUSES[n - 1];
      return c && card(750, 420, c.hue, c.title['en-us'], { size: 40 });
    }
    case 'news': {
      const a = NEWS[n - 1];
      return a && card(750, 420, (n * 47) % 360, a.title['en-us'], { size: 40, sub: k > 1 ? 'guide' : undefined });
    }
    case 'popup': {
      const p = POPUPS[n - 1];
      return p && card(600, 720, p.hue, p.title['en-us'], { size: 44 });
    }
    case 'poster': {
      const p = POSTERS[n - 1];
      return p && card(750, 1000, p.hue, p.title['en-us'], { size: 52 });
    }
  }
  return undefined;
}

/** How a demo picture is encoded as PNG (for a browser that takes neither AVIF nor WebP): small, with a palette. */
const PNG = { palette: true, quality: 90, compressionLevel: 9 } as const;

/**
 * Drawn copies are also kept on disk, in `demoImagesDir` of the shop, so a shop started again, or a
 * second process of it, reads a picture instead of drawing it again (tens of milliseconds of
 * processor time each). A copy is named by a hash of everything it is made from: the drawing, the
 * width, the format, the encoders' settings and version.
 */
export const demoImagesDir = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'cache', 'demo-images');
const recipe = `${sharp.versions.vips}|${JSON.stringify(DELIVERY_ENCODING)}|${JSON.stringify(PNG)}`;
const keptFile = (dir: string, svg: string, width: number | undefined, format: ModernImageFormat | undefined) =>
  path.join(dir, `${createHash('sha256').update(`${recipe}|${width ?? ''}|${format ?? 'png'}|${svg}`).digest('hex')}.${format ?? 'png'}`);

async function readKept(file: string): Promise<Buffer | undefined> {
  return fs.promises.readFile(file).catch(() => undefined);
}

/** Writes a copy whole or not at all (a process reading it meanwhile never gets half); a failure only means it is drawn again later. */
async function keep(file: string, body: Buffer): Promise<void> {
  const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(part, body);
    await fs.promises.rename(part, file);
  } catch {
    await fs.promises.rm(part, { force: true }).catch(() => undefined);
  }
}

/** How long a process waits for a copy another process (sharing the folder) is drawing; a claim older than this is taken over. */
const OTHER_DRAWING_WAIT_MS = 15_000;

/**
 * The copy kept at `file`, or drawn here and kept. Processes sharing the folder (the servers of one
 * machine, started together) draw each copy once: the first claims it (`<file>.drawing`), the others
 * wait for its copy; a claim left by a process that stopped is taken over once it is old.
 */
async function keptOrDrawn(file: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const claim = `${file}.drawing`;
  /** Claims the copy: true; false when another process holds the claim; undefined when the folder cannot be written (then drawn here, not kept). */
  const tryClaim = () =>
    fs.promises.writeFile(claim, String(process.pid), { flag: 'wx' }).then(
      () => true,
      (e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? false : undefined),
    );
  await fs.promises.mkdir(path.dirname(file), { recursive: true }).catch(() => undefined);
  let claimed = await tryClaim();
  if (claimed === undefined) return draw();
  while (!claimed) {
    const theirs = await readKept(file);
    if (theirs) return theirs;
    const age = await fs.promises.stat(claim).then((st) => Date.now() - st.mtimeMs, () => undefined);
    if (age === undefined || age > OTHER_DRAWING_WAIT_MS) {
      // Released without a copy, or left by a process that stopped: claimed here (unless another process is quicker).
      if (age !== undefined) await fs.promises.rm(claim, { force: true });
      claimed = await tryClaim();
      if (claimed === undefined) return draw();
    } else await new Promise((r) => setTimeout(r, 50));
  }
  try {
    // Kept by another process between the first look and the claim.
    const kept = await readKept(file);
    if (kept) return kept;
    const body = await draw();
    await keep(file, body);
    return body;
  } finally {
    await fs.promises.rm(claim, { force: true }).catch(() => undefined);
  }
}

const drawn = new Map<string, { body: Buffer; mime: string }>();

/** The width a copy is drawn at: a copy as wide as the drawing or wider is the drawing itself (never enlarged), one copy for all those widths. */
function copyWidth(file: string, asked: number | undefined): number | undefined {
  const drawnWidth = Number(/width="(\d+)"/.exec(demoImageSvg(file) ?? '')?.[1]);
  return asked && drawnWidth && asked >= drawnWidth ? undefined : asked;
}

const copyKey = (file: string, width: number | undefined, format: ModernImageFormat | undefined) => `${file}|${width ?? ''}|${format ?? 'png'}`;

/**
 * A demo picture at a delivery width (or as drawn) in a modern format (or PNG), drawn once and kept
 * in memory, and in `keptIn` when given. A modern format is encoded straight from the drawing,
 * skipping the PNG step.
 */
async function demoImage(file: string, asked: number | undefined, format: ModernImageFormat | undefined, keptIn?: string): Promise<{ body: Buffer; mime: string } | undefined> {
  const width = copyWidth(file, asked);
  const key = copyKey(file, width, format);
  const hit = drawn.get(key);
  if (hit) return hit;
  const svg = demoImageSvg(file);
  if (!svg) return undefined;
  const mime = format ? imageFormatMime(format) : 'image/png';
  const onDisk = keptIn ? keptFile(keptIn, svg, width, format) : undefined;
  const draw = async () => {
    if (format) {
      let image = sharp(Buffer.from(svg));
      if (width) image = image.resize({ width, withoutEnlargement: true });
      return encodeAs(image, format).toBuffer();
    }
    const png = await sharp(Buffer.from(svg)).png(PNG).toBuffer();
    return width ? sharp(png).resize({ width, withoutEnlargement: true }).png(PNG).toBuffer() : png;
  };
  const body = onDisk ? ((await readKept(onDisk)) ?? (await keptOrDrawn(onDisk, draw))) : await draw();
  const made = { body, mime };
  if (drawn.size >= 800) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, made);
  return made;
}

/**
 * Draws, in the background, the pictures a first visit shows first (the home banners at the width a
 * phone asks, and the first gallery picture of `firstGoodsPictures` at the srcset's widths, in AVIF
 * and WebP), so the first member after a start does not wait for them to be drawn; kept in `keptIn`
 * when given (`demoImagesDir`).
 */
export async function warmDemoImages(firstGoodsPictures: string[] = [], keptIn?: string): Promise<void> {
  for (const file of [...SHOWCASE_BANNERS.map((_, i) => `feature-${i + 1}.png`), ...BANNERS.map((_, i) => `banner-${i + 1}.png`)]) for (const format of ['avif', 'webp'] as const) await demoImage(file, 750, format, keptIn);
  // Then the gallery's first picture of the goods listed first, at every width its srcset offers (a phone's first).
  const demoFiles = firstGoodsPictures.map((src) => /^\/media\/demo\/([\w-]+\.png)$/.exec(src)?.[1]).filter((f): f is string => Boolean(f));
  for (const width of GALLERY_WIDTHS) for (const file of demoFiles) for (const format of ['avif', 'webp'] as const) await demoImage(file, width, format, keptIn);
}

/** `?w=` rounded up to a delivery size, never past the widest. */
const deliveryWidth = (asked: number) => SIZE_STEPS.find((step) => step >= asked) ?? SIZE_STEPS[SIZE_STEPS.length - 1];

/** Forgets the copies held in memory, as a new process starts without them (the ones on disk stay). */
export function forgetDrawnDemoImages(): void {
  drawn.clear();
}

/** Whether the copy a browser asking for `width` in `format` gets is already drawn (held in memory). */
export function isDemoImageDrawn(file: string, width: number, format: ModernImageFormat): boolean {
  return drawn.has(copyKey(file, copyWidth(file, deliveryWidth(width)), format));
}

/** The widths the member app's srcsets offer (`components/media-image.tsx`), widest first: phones ask for those. */
const GALLERY_WIDTHS = [1000, 750, 500, 400, 300, 200] as const;

/**
 * Serves the demo shop's pictures at /media/demo/<name>.png, drawn on first request from the same
 * seed as the data and kept in memory and in `keptIn` (`demoImagesDir`); browsers keep them for a
 * year (they never change). `?w=` asks for a narrower copy (rounded up to a delivery size, never
 * wider than drawn), and the picture is sent as AVIF or WebP when the browser's `Accept` takes it
 * (`Vary: Accept`).
 */
export function demoImageRoute(app: FastifyInstance, keptIn?: string): void {
  app.get<{ Params: { file: string }; Querystring: { w?: string } }>('/media/demo/:file', { config: { rateLimit: false, inputChecked: true } }, async (request, reply) => {
    // A file name with characters no file has is not there, like any other path trick; the query keeps the usual refusal.
    if (unstorableField(request.params.file) !== undefined) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    assertStorable(request.query);
    const asked = Number(request.query.w);
    const width = Number.isInteger(asked) && asked > 0 ? deliveryWidth(asked) : undefined;
    const hit = await demoImage(request.params.file, width, pickImageFormat(request.headers.accept), keptIn);
    if (!hit) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('Vary', 'Accept').type(hit.mime).send(hit.body);
  });
}
