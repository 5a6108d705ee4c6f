import { formatMessage } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { type ApiCredentials, createApiApplication, getSigned } from './helpers/signed-api';

/**
 * A shop's server rarely sends `lang`; its HTTP library may send Accept-Language. /api/v1 and
 * /epusdt answer in its preferred language among the four when neither `lang` nor `langCode`
 * is sent; the back office's calls (/front) do not read it.
 */
let app: FastifyInstance;
let shop: ApiCredentials;
beforeAll(async () => {
  app = await buildTestApp();
  shop = await createApiApplication(app);
});
afterAll(async () => {
  await app.close();
});

const notFound = (lang: 'zh_CN' | 'zh_TW' | 'en_US' | 'vi_VN') => formatMessage(lang, 'errors.notFound');

describe('Accept-Language', () => {
  it('sets the language of /api/v1 answers when neither lang nor langCode is sent', async () => {
    const get = (url: string, headers: Record<string, string | undefined>) =>
      getSigned(app, shop, url, { headers });
    const unknown = '/api/v1/collections/NO-SUCH-ORDER';
    expect((await get(unknown, { 'accept-language': 'fr-FR, vi;q=0.5, en;q=0.9' })).body.message).toBe(
      notFound('en_US'),
    );
    expect((await get(unknown, { 'accept-language': 'zh-HK,zh;q=0.9' })).body.message).toBe(
      notFound('zh_TW'),
    );
    expect((await get(unknown, { 'accept-language': 'vi' })).body.message).toBe(notFound('vi_VN'));
    expect((await get(unknown, { 'accept-language': 'fr' })).body.message).toBe(notFound('zh_CN'));
    // The lang header, then langCode, win over it.
    expect((await get(unknown, { 'accept-language': 'en', lang: 'vi_VN' })).body.message).toBe(
      notFound('vi_VN'),
    );
    expect((await get(`${unknown}?langCode=zh_TW`, { 'accept-language': 'en' })).body.message).toBe(
      notFound('zh_TW'),
    );
    // A refusal before the signature is known, and a path that does not exist, too.
    const unsigned = await app.inject({ url: unknown, headers: { 'accept-language': 'en-US' } });
    expect(unsigned.json().message).toBe(formatMessage('en_US', 'errors.apiAuthInvalid'));
    const nowhere = await app.inject({ url: '/api/v1/nowhere', headers: { 'accept-language': 'vi' } });
    expect(nowhere.json().message).toBe(notFound('vi_VN'));
  });

  it('sets the language of epusdt answers, and not of the back office calls', async () => {
    const epusdt = await app.inject({
      method: 'POST',
      url: '/epusdt/app_unknown/api/v1/order/create-transaction',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.9' },
      payload: '{}',
    });
    expect(epusdt.statusCode).toBe(200);
    expect(epusdt.json().message).toBe(formatMessage('en_US', 'epusdt.appUnknown'));
    const front = await app.inject({ url: '/front/merchant/info', headers: { 'accept-language': 'en' } });
    expect(front.json().message).toBe(formatMessage('zh_CN', 'errors.unauthorized'));
  });
});
