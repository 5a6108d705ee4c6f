import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { docLinks, signedCurlExample } from './signed-example';

describe('signedCurlExample', () => {
  it('carries the origin and APPID, never a secret', () => {
    const text = signedCurlExample('https://pay.example.com', 'app_0123456789abcdef0123');
    expect(text).toContain("BASE_URL='https://pay.example.com'");
    expect(text).toContain("APP_ID='app_0123456789abcdef0123'");
    expect(text).toContain("APP_SECRET='YOUR_APP_SECRET'");
  });

  it("signs what the server checks: the example's printf and openssl line gives the HMAC of the five lines", () => {
    const text = signedCurlExample('https://pay.example.com');
    const body = '{"merchantOrderNo":"SHOP-1001","currency":"USDT","network":"TRON","amount":"10.5"}';
    const script = `APP_SECRET=s3cret; BODY='${body}'; TIMESTAMP=1700000000000; NONCE=abc123abc123abc123
${text.split('\n').slice(6, 8).join('\n')}
printf '%s' "$SIGNATURE"`;
    const signature = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
    const expected = createHmac('sha256', 's3cret')
      .update(`1700000000000\nabc123abc123abc123\nPOST\n/api/v1/collections\n${body}`)
      .digest('hex');
    expect(signature).toBe(expected);
  });
});

describe('docLinks', () => {
  it('chooses Chinese pages for zh_CN and zh_TW, English ones otherwise', () => {
    expect(docLinks('zh_TW').map((l) => l.href)).toEqual([
      'https://zh.wikipedia.org/wiki/HMAC',
      'https://nodejs.cn/api/crypto.html#cryptocreatehmacalgorithm-key-options',
    ]);
    for (const language of ['en_US', 'vi_VN'])
      expect(docLinks(language)[0]?.href).toBe('https://www.rfc-editor.org/rfc/rfc2104');
  });
});
