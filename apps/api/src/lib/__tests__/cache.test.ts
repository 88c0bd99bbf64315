import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@shop/contract';
import { Expiring, ResponseCache } from '../cache.js';
import { PreSerialized } from '../pre-serialized.js';

// Endpoints of this test's own: the cache's behaviour does not depend on which calls the shop has.
const listThings = endpoint({ method: 'GET', path: '/test/things', auth: 'optional', area: 'content', data: z.object({ list: z.array(z.number()) }) });
const oneThing = endpoint({ method: 'GET', path: '/test/thing', auth: 'optional', area: 'content', data: z.object({ v: z.number() }) });

describe('the response cache', () => {
  it('builds an answer once for many simultaneous requests and serves it as JSON text', async () => {
    const cache = new ResponseCache({ max: 10 });
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return { list: [1, 2] };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.cached(listThings, { id: 'en-us:1', tags: ['things'] }, build)));
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]!.json).toBe('{"list":[1,2]}');
    expect(answers[0]!.value).toEqual({ list: [1, 2] });
  });

  it('when full, lets go of the answer asked for longest ago, not the one built first', async () => {
    const cache = new ResponseCache({ max: 3 });
    const builds: string[] = [];
    const ask = (id: string) => cache.cached(oneThing, { id, tags: [] }, async () => (builds.push(id), { v: builds.length }));
    await ask('home');
    await ask('goods:1');
    await ask('goods:2');
    // The home answer is asked for again (a hot answer), then a fourth answer needs room.
    await ask('home');
    await ask('orders:7');
    await ask('home');
    await ask('goods:2');
    expect(builds).toEqual(['home', 'goods:1', 'goods:2', 'orders:7']);
    await ask('goods:1');
    expect(builds).toEqual(['home', 'goods:1', 'goods:2', 'orders:7', 'goods:1']);
  });

  it('keeps the answers of two endpoints apart even under the same key', async () => {
    const cache = new ResponseCache({ max: 10 });
    await cache.cached(listThings, { id: 'x', tags: [] }, async () => ({ list: [1] }));
    const other = await cache.cached(oneThing, { id: 'x', tags: [] }, async () => ({ v: 7 }));
    expect(other.json).toBe('{"v":7}');
  });

  it('drops exactly the answers carrying an invalidated tag, and never keeps one built from data older than the change', async () => {
    const cache = new ResponseCache({ max: 10 });
    let version = 1;
    const build = async () => ({ v: version });
    await cache.cached(oneThing, { id: '1:en-us', tags: ['goods', 'goods:1'] }, build);
    await cache.cached(oneThing, { id: '12:en-us', tags: ['goods', 'goods:12'] }, build);
    await cache.cached(oneThing, { id: 'home:en-us', tags: ['home'] }, build);
    version = 2;
    cache.invalidate('goods:1');
    expect((await cache.cached(oneThing, { id: '1:en-us', tags: ['goods', 'goods:1'] }, build)).json).toBe('{"v":2}');
    expect((await cache.cached(oneThing, { id: '12:en-us', tags: ['goods', 'goods:12'] }, build)).json).toBe('{"v":1}');
    cache.invalidate('goods');
    expect((await cache.cached(oneThing, { id: '12:en-us', tags: ['goods', 'goods:12'] }, build)).json).toBe('{"v":2}');

    // A build that read the data before a change finishes after it: served once, not kept.
    let release!: () => void;
    const slow = cache.cached(oneThing, { id: 'home:zh-cn', tags: ['home'] }, async () => {
      const seen = version;
      await new Promise<void>((r) => (release = r));
      return { v: seen };
    });
    await new Promise((r) => setTimeout(r, 5));
    version = 3;
    cache.invalidate('home');
    release();
    expect((await slow).json).toBe('{"v":2}');
    expect((await cache.cached(oneThing, { id: 'home:zh-cn', tags: ['home'] }, build)).json).toBe('{"v":3}');
  });

  it('stays within its size and does not keep failures', async () => {
    const cache = new ResponseCache({ max: 3 });
    for (let i = 0; i < 10; i++) await cache.cached(oneThing, { id: `k${i}`, tags: [] }, async () => ({ v: i }));
    expect(cache.size).toBe(3);
    await expect(cache.cached(oneThing, { id: 'bad', tags: [] }, async () => Promise.reject(new Error('no such goods')))).rejects.toThrow('no such goods');
    expect((await cache.cached(oneThing, { id: 'bad', tags: [] }, async () => ({ v: 1 }))).json).toBe('{"v":1}');
  });

  it('rebuilds an answer once the moment it was good until has passed', async () => {
    const cache = new ResponseCache({ max: 10 });
    let builds = 0;
    const build = async () => new Expiring({ v: ++builds }, new Date(Date.now() - 1));
    expect((await cache.cached(oneThing, { id: 'n', tags: [] }, build)).value).toEqual({ v: 1 });
    expect((await cache.cached(oneThing, { id: 'n', tags: [] }, build)).value).toEqual({ v: 2 });
  });

  it('refuses, when checking answers, to keep one that does not match its endpoint, and keeps nothing', async () => {
    const cache = new ResponseCache({ max: 10, checkAnswers: true });
    const wrong = async () => ({ v: 'not a number' }) as unknown as { v: number };
    await expect(cache.cached(oneThing, { id: 'w', tags: [] }, wrong)).rejects.toThrow('/test/thing does not match the contract');
    expect(cache.size).toBe(0);
    expect(() => cache.serialized(oneThing, { v: 'x' } as unknown as { v: number })).toThrow('does not match the contract');
    expect(cache.serialized(oneThing, { v: 1 })).toBeInstanceOf(PreSerialized);
  });

  it('keeps data many answers are built from under the same tags', async () => {
    const cache = new ResponseCache({ max: 10 });
    let builds = 0;
    const build = async () => ({ n: ++builds });
    await cache.memo({ id: 'all', tags: ['categories'] }, build);
    expect(await cache.memo({ id: 'all', tags: ['categories'] }, build)).toEqual({ n: 1 });
    cache.invalidate('categories');
    expect(await cache.memo({ id: 'all', tags: ['categories'] }, build)).toEqual({ n: 2 });
  });
});
