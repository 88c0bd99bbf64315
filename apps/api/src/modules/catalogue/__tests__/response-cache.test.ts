import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../response-cache.js';

describe('the response cache', () => {
  it('builds an answer once for many simultaneous requests and serves it as JSON text', async () => {
    const cache = new ResponseCache(10);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return { list: [1, 2] };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.json('goods:list:en-us:1', build)));
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]!.json).toBe('{"list":[1,2]}');
  });

  it('drops exactly the invalidated answers, and never keeps one built from data older than the change', async () => {
    const cache = new ResponseCache(10);
    let version = 1;
    await cache.json('goods:info:1:en-us', async () => ({ v: version }));
    await cache.json('goods:info:12:en-us', async () => ({ v: version }));
    await cache.json('home:index:en-us', async () => ({ v: version }));
    version = 2;
    cache.invalidate('goods:info:1:');
    expect((await cache.json('goods:info:1:en-us', async () => ({ v: version }))).json).toBe('{"v":2}');
    expect((await cache.json('goods:info:12:en-us', async () => ({ v: version }))).json).toBe('{"v":1}');

    // A build that read the data before a change finishes after it: served once, not kept.
    let release!: () => void;
    const slow = cache.json('home:index:zh-cn', async () => {
      const seen = version;
      await new Promise<void>((r) => (release = r));
      return { v: seen };
    });
    await new Promise((r) => setTimeout(r, 5));
    version = 3;
    cache.invalidate('home:');
    release();
    expect((await slow).json).toBe('{"v":2}');
    expect((await cache.json('home:index:zh-cn', async () => ({ v: version }))).json).toBe('{"v":3}');
  });

  it('stays within its size and does not keep failures', async () => {
    const cache = new ResponseCache(3);
    for (let i = 0; i < 10; i++) await cache.json(`k${i}`, async () => i);
    expect(cache.size).toBe(3);
    await expect(cache.json('bad', async () => Promise.reject(new Error('no such goods')))).rejects.toThrow('no such goods');
    expect((await cache.json('bad', async () => 'found')).json).toBe('"found"');
  });
});
