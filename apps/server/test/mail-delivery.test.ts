/**
 * Mails over real SMTP: a receiver from the smtp-server package on 127.0.0.1, SMTP_URL pointed
 * at it. Codes arrive in the right language; a refused delivery is retried with backoff.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { postForm } from './helpers/calls';
import { createMerchant } from './helpers/factories';
import { startSmtpReceiver } from './helpers/smtp-receiver';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  app = await buildTestApp({
    now: clock.now,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tollgate Test <no-reply@test.tollgate>' },
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function mailTo(email: string) {
  await app.jobs.drain();
  const found = [...smtp.received].reverse().find((mail) => mail.to.includes(email));
  if (!found) throw new Error(`nothing received for ${email}`);
  return PostalMime.parse(found.raw);
}

describe('mail over SMTP', () => {
  it('delivers a registration code in the request language, as text and HTML', async () => {
    const email = 'smtp-register@example.com';
    expect((await postForm(app, '/reg/mail/code', { email }, { lang: 'zh_TW' })).json().code).toBe(0);
    const mail = await mailTo(email);
    expect(mail.from?.address).toBe('no-reply@test.tollgate');
    expect(mail.subject).toBe('您的 Tollgate 註冊驗證碼');
    const code = mail.text?.match(/^(\d{6})$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('驗證碼 10 分鐘內有效');
    expect(mail.html).toContain(`>${code}</p>`);
    const registered = await postForm(app, '/register/email', {
      email,
      code: code ?? '',
      password: 'Tollgate2026',
    });
    expect(registered.json().code).toBe(0);
  });

  it('writes in the merchant language where the mail is about an account', async () => {
    const merchant = await createMerchant(app, { lang: 'vi_VN' });
    await postForm(app, '/login/sendEmailCode', { email: merchant.email }, { lang: 'zh_CN' });
    const mail = await mailTo(merchant.email);
    expect(mail.subject).toBe('Mã đăng nhập Tollgate của bạn');
    expect(mail.text).toContain('Mã có hiệu lực trong 10 phút');
    const code = mail.text?.match(/^(\d{6})$/m)?.[1] ?? '';
    expect((await postForm(app, '/login', { email: merchant.email, emailCode: code })).json().code).toBe(0);
  });

  it('retries a refused delivery later, then scrubs the code from the job row', async () => {
    const merchant = await createMerchant(app, { lang: 'en_US' });
    smtp.refuseNext(1);
    await postForm(app, '/login/sendEmailCode', { email: merchant.email });
    await app.jobs.drain();
    const [job] = await app.db.select().from(jobs).orderBy(desc(jobs.id)).limit(1);
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job?.lastError).toContain('mailbox busy');
    expect(job?.runAt.getTime()).toBe(clock.now().getTime() + 10_000);
    await expect(mailTo(merchant.email)).rejects.toThrow('nothing received');

    clock.advance(10_000);
    const mail = await mailTo(merchant.email);
    expect(mail.subject).toBe('Your Tollgate login code');
    const [done] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, job?.id ?? 0));
    expect(done?.attempts).toBe(2);
    expect(done?.doneAt).toEqual(clock.now());
    expect(JSON.stringify(done?.payload)).toContain('[sent]');
  });
});
