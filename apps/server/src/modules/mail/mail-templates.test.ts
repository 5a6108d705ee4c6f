import { LANGUAGES } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import {
  CODE_TEMPLATES,
  formatMailTime,
  MAIL_CATALOGUES,
  NOTICE_TEMPLATES,
  renderMail,
} from './mail-templates';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('mail locales', () => {
  it('carry the same keys in all four languages, none blank', () => {
    const reference = keysOf(MAIL_CATALOGUES.zh_CN).sort();
    for (const lang of LANGUAGES) {
      expect(keysOf(MAIL_CATALOGUES[lang]).sort()).toEqual(reference);
      for (const key of reference) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], MAIL_CATALOGUES[lang]);
        expect(typeof value === 'string' && value.trim().length > 0, `${lang} ${key}`).toBe(true);
      }
    }
  });

  it('are really translated: no two languages share a subject', () => {
    for (const template of [...CODE_TEMPLATES, ...NOTICE_TEMPLATES, 'passwordLoginPaused' as const]) {
      const subjects = LANGUAGES.map((lang) => MAIL_CATALOGUES[lang][template].subject);
      expect(new Set(subjects).size).toBe(LANGUAGES.length);
    }
  });
});

describe('renderMail', () => {
  it.each(LANGUAGES)('puts the code on its own line and in the HTML (%s)', (lang) => {
    for (const template of CODE_TEMPLATES) {
      const mail = renderMail(lang, { template, code: '042917', minutes: 10 });
      expect(mail.text.split('\n')).toContain('042917');
      expect(mail.html).toContain('>042917</p>');
      expect(`${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
      expect(mail.text).toContain('10');
    }
  });

  it.each(LANGUAGES)('names the account and the time in notices (%s)', (lang) => {
    for (const template of NOTICE_TEMPLATES) {
      const mail = renderMail(lang, { template, email: 'm@example.com', at: '2026-01-15T08:00:00.000Z' });
      expect(mail.text).toContain('m@example.com');
      expect(mail.text).toContain('(UTC)');
      expect(mail.text).toMatch(/2026/);
      expect(`${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
    }
  });

  it.each(LANGUAGES)('says until when password login is paused, and after how many tries (%s)', (lang) => {
    const mail = renderMail(lang, {
      template: 'passwordLoginPaused',
      email: 'm@example.com',
      until: '2026-01-15T09:00:00.000Z',
      failures: 100,
    });
    expect(mail.text).toContain('m@example.com');
    expect(mail.text).toContain('100');
    expect(mail.text).toContain(formatMailTime('2026-01-15T09:00:00.000Z', lang));
    expect(mail.text).toContain(MAIL_CATALOGUES[lang].passwordLoginPaused.codeLogin);
    expect(`${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
  });

  it('escapes what it puts into HTML', () => {
    const mail = renderMail('en_US', {
      template: 'passwordChanged',
      email: '<b>x</b>@example.com',
      at: '2026-01-15T08:00:00.000Z',
    });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&#60;b&#62;x&#60;/b&#62;@example.com');
    expect(mail.text).toContain('<b>x</b>@example.com');
  });
});
