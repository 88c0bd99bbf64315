import { load, warm } from './load.js';
import type { CatalogueBenchRow } from './catalogue.js';

/**
 * The region pickers of the address form: a country's provinces and one province's cities, as a
 * member's phone asks for them (in Chinese, for China's tree). Ids are read from the running shop.
 * Budgets: half the envelope-only call's requests/s and p99 under 20 ms.
 */
export async function benchGeography(baseUrl: string): Promise<CatalogueBenchRow[]> {
  const headers = { 'think-lang': 'zh-cn', Area: '1', source: 'H5' };
  const provinces = (await (await fetch(`${baseUrl}/attractive/country/getAreaList?country=CN`, { headers })).json()) as { code: number; data: { list: Array<{ id: number; code: string }> } };
  if (provinces.code !== 200) throw new Error(`getAreaList answered code ${provinces.code}: is the geography migrated?`);
  const guangdong = provinces.data.list.find((r) => r.code === '440000')!;
  const calls = [
    { name: 'GET /attractive/country/getAreaList (CN)', path: '/attractive/country/getAreaList?country=CN' },
    { name: 'GET /attractive/country/getAreaList (US)', path: '/attractive/country/getAreaList?country=US' },
    { name: 'GET /attractive/country/areaSonList (广东)', path: `/attractive/country/areaSonList?parent_id=${guangdong.id}` },
  ];
  const rows: CatalogueBenchRow[] = [];
  for (const call of calls) {
    const url = `${baseUrl}${call.path}`;
    await warm(url, headers);
    rows.push({ ...(await load(call.name, url, { headers })), minRatio: 0.5, maxP99Ms: 20 });
  }
  return rows;
}
