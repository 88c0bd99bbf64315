import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../endpoints.js';

// The specification's list of calls, kept beside the contract so the check runs anywhere.
const specFile = path.join(import.meta.dirname, '../../../spec/endpoints.tsv');

describe('the contract', () => {
  const rows = fs.readFileSync(specFile, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));

  it('lists exactly the 240 calls of the specification, each once', () => {
    const spec = rows.map(([method, p]) => `${method} ${p}`).sort();
    const ours = allEndpoints.map((e) => `${e.method} ${e.path}`).sort();
    expect(spec).toHaveLength(240);
    expect(ours).toEqual(spec);
  });

  it('sends the /user/no_auth/ calls without a token, and only those', () => {
    for (const [method, p, token] of rows) {
      const e = allEndpoints.find((x) => x.method === method && x.path === p)!;
      expect(e.auth === 'none', `${method} ${p}`).toBe(token === 'empty');
    }
  });

  it('keeps each call in the area the specification gives it', () => {
    for (const [method, p, , area] of rows) {
      expect(allEndpoints.find((x) => x.method === method && x.path === p)!.area).toBe(area);
    }
  });

  it('declares a query only for GET and a body only for POST', () => {
    for (const e of allEndpoints) {
      if (e.method === 'GET') expect(e.body, e.path).toBeUndefined();
      else expect(e.query, e.path).toBeUndefined();
    }
  });
});

describe('the operator calls', () => {
  it('live under /admin/api/, outside the 240 member calls, each operator call naming a permission', async () => {
    const { adminEndpoints } = await import('../../admin/admin.endpoints.js');
    expect(adminEndpoints.length).toBeGreaterThan(0);
    for (const e of adminEndpoints) {
      expect(e.path.startsWith('/admin/api/'), e.path).toBe(true);
      expect(allEndpoints.some((m) => m.path === e.path), e.path).toBe(false);
      expect(['none', 'operator']).toContain(e.auth);
      if (e.auth === 'operator') expect(e.permission, e.path).toBeTruthy();
    }
    expect(allEndpoints.every((e) => e.auth !== 'operator' && !e.path.startsWith('/admin/'))).toBe(true);
  });
});
