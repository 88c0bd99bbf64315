import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@shop/contract';
import { AppError } from '../../../lib/errors.js';
import { encodeAs, imageFormatMime, pickImageFormat, SIZE_STEPS } from '../../../lib/image-format.js';
import { BANNERS, CATEGORIES, COLOURS, GOODS_COUNT, NEWS, POPUPS, POSTERS, demoGoods } from './demo-data.js';

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
  const m = /^(goods|cate|banner|news|popup|poster)-(\d{1,3})(?:-(\d))?\.png$/.exec(file);
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

/** Renders a demo image as a small PNG. */
export async function renderDemoImage(file: string): Promise<Buffer | undefined> {
  const svg = demoImageSvg(file);
  if (!svg) return undefined;
  return sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
}

/**
 * Serves the demo shop's pictures at /media/demo/<name>.png, drawn on first request from the same
 * seed as the data and kept in memory; browsers keep them for a year (they never change).
 * `?w=` asks for a narrower copy (rounded up to a delivery size, never wider than drawn), and the
 * picture is sent as AVIF or WebP when the browser's `Accept` takes it (`Vary: Accept`).
 */
export function demoImageRoute(app: FastifyInstance): void {
  const cache = new Map<string, { body: Buffer; mime: string }>();
  app.get<{ Params: { file: string }; Querystring: { w?: string } }>('/media/demo/:file', { config: { rateLimit: false } }, async (request, reply) => {
    const { file } = request.params;
    const asked = Number(request.query.w);
    const width = Number.isInteger(asked) && asked > 0 ? (SIZE_STEPS.find((step) => step >= asked) ?? SIZE_STEPS[SIZE_STEPS.length - 1]) : undefined;
    const format = pickImageFormat(request.headers.accept);
    const key = `${file}|${width ?? ''}|${format ?? 'png'}`;
    let hit = cache.get(key);
    if (!hit) {
      const png = await renderDemoImage(file);
      if (!png) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
      let image = sharp(png);
      if (width) image = image.resize({ width, withoutEnlargement: true });
      hit = format
        ? { body: await encodeAs(image, format).toBuffer(), mime: imageFormatMime(format) }
        : { body: width ? await image.png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer() : png, mime: 'image/png' };
      if (cache.size >= 800) cache.delete(cache.keys().next().value!);
      cache.set(key, hit);
    }
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('Vary', 'Accept').type(hit.mime).send(hit.body);
  });
}
