import { adminApproveAfterSale } from '@shop/contract/admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { call } from '../request';

// An operator's decision sent while an API process dies behind nginx: the load balancer's answers
// (its HTML 502 page, then its JSON 503 envelope in English) are never what the operator reads.

const BAD_GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
const NGINX_UNAVAILABLE = '{"code":503,"msg":"Service unavailable","data":null}';

let sentKeys: string[] = [];
let answers: Array<() => Response> = [];

beforeAll(async () => {
  await initI18n();
  await changeLanguage('zh-cn');
});
afterAll(() => changeLanguage('en-us'));
afterEach(() => vi.unstubAllGlobals());

function serve(...sequence: Array<() => Response>) {
  sentKeys = [];
  answers = sequence;
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sentKeys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
    return (answers.length > 1 ? answers.shift()! : answers[0]!)();
  });
}

const gatewayPage = () => new Response(BAD_GATEWAY, { status: 502, headers: { 'Content-Type': 'text/html' } });
const nginxEnvelope = () => new Response(NGINX_UNAVAILABLE, { status: 503, headers: { 'Content-Type': 'application/json' } });
const approved = () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { id: 9, status: 'awaiting_return', refunded: null } }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('a decision meeting a dying API process', () => {
  it('is sent again with its key after the proxy’s 502 page, and taken once', async () => {
    serve(gatewayPage, approved);
    await expect(call(adminApproveAfterSale, { id: 9, reason: 'Damaged in transit' }, { idempotencyKey: 'k-approve-9' })).resolves.toEqual({ id: 9, status: 'awaiting_return', refunded: null });
    expect(sentKeys).toEqual(['k-approve-9', 'k-approve-9']);
  });

  it('still unavailable after the retries: the console says so in the operator’s language, not nginx’s English', async () => {
    serve(gatewayPage, nginxEnvelope);
    const failure = await call(adminApproveAfterSale, { id: 9, reason: 'Damaged in transit' }, { idempotencyKey: 'k-approve-9' }).catch((e: unknown) => e);
    expect(sentKeys).toEqual(['k-approve-9', 'k-approve-9', 'k-approve-9']);
    expect(failure).toMatchObject({ kind: 'unavailable', status: 503, message: '服务器繁忙或正在重启，请稍后重试。' });
  });
});
