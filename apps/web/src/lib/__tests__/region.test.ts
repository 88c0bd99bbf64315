import { afterAll, describe, expect, it } from 'vitest';
import { detectRegion, parseLookupAnswer } from '@/lib/region';
import { startFakeApi } from '@/test/helpers';

const api = await startFakeApi({
  '/trace-cn': () => ({ text: 'fl=1\nip=36.110.1.2\nloc=CN\ntls=TLSv1.3\n' }),
  '/trace-my': () => ({ text: 'ip=60.50.1.2\nloc=MY\n' }),
  '/json-cn': () => ({ json: { data: { country_code: 'cn' }, ip: '1.2.3.4' } }),
  '/slow-cn': () => ({ text: 'loc=CN', wait: new Promise<void>((r) => setTimeout(r, 2000)) }),
  '/broken': () => ({ status: 500, text: 'oops' }),
});
afterAll(() => api.close());

describe('the region lookups', () => {
  it('reads a CDN trace and a JSON answer', () => {
    expect(parseLookupAnswer({ url: '', format: 'trace' }, 'ip=1.1.1.1\nloc=cn\n')).toEqual({ country: 'CN', ip: '1.1.1.1' });
    expect(parseLookupAnswer({ url: '', format: 'json', countryField: 'geo.cc', ipField: 'addr' }, '{"geo":{"cc":"TH"},"addr":"9.9.9.9"}')).toEqual({ country: 'TH', ip: '9.9.9.9' });
    expect(parseLookupAnswer({ url: '', format: 'json' }, 'not json')).toBeUndefined();
  });

  it('chooses the China hosts for a visitor in China, with the address the lookup saw', async () => {
    expect(await detectRegion([{ url: `${api.url}/trace-cn`, format: 'trace' }])).toEqual({ region: 'cn', ip: '36.110.1.2' });
    expect(await detectRegion([{ url: `${api.url}/json-cn`, format: 'json', countryField: 'data.country_code', ipField: 'ip' }])).toEqual({ region: 'cn', ip: '1.2.3.4' });
  });

  it('takes the first usable answer when one lookup fails', async () => {
    expect(await detectRegion([{ url: `${api.url}/broken`, format: 'trace' }, { url: `${api.url}/trace-my`, format: 'trace' }])).toEqual({ region: 'default', ip: '60.50.1.2' });
  });

  it('uses the default hosts with no lookups, or when none answers within the timeout', async () => {
    expect(await detectRegion([])).toEqual({ region: 'default' });
    const started = Date.now();
    expect(await detectRegion([{ url: `${api.url}/slow-cn`, format: 'trace' }], 300)).toEqual({ region: 'default' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await detectRegion([{ url: 'http://127.0.0.1:9/unreachable', format: 'trace' }])).toEqual({ region: 'default' });
  });
});
