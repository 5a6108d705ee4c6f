import type { Language } from '@tollgate/contracts';
import { toLocaleTag } from '../../lib/locale-tags';
import enUS from '../../locales/en_US/mail.json';
import viVN from '../../locales/vi_VN/mail.json';
import zhCN from '../../locales/zh_CN/mail.json';
import zhTW from '../../locales/zh_TW/mail.json';

/**
 * Every mail the product sends, in the four languages, as text and HTML. Strings live in
 * src/locales/<lang>/mail.json (same keys in each, a test checks); this module only lays
 * them out. Codes mails carry the code; notices carry the account and the time (UTC); the
 * password-login pause carries the time it ends and the failed tries that caused it.
 */
export type MailCatalogue = typeof zhCN;
export const MAIL_CATALOGUES: Record<Language, MailCatalogue> = {
  zh_CN: zhCN,
  zh_TW: zhTW,
  en_US: enUS,
  vi_VN: viVN,
};

export const CODE_TEMPLATES = [
  'registerCode',
  'loginCode',
  'resetCode',
  'passwordChangeCode',
  'whitelistCode',
] as const;
export const NOTICE_TEMPLATES = ['passwordChanged', 'googleBound', 'googleUnbound', 'whitelistOff'] as const;
export type CodeTemplate = (typeof CODE_TEMPLATES)[number];
export type NoticeTemplate = (typeof NOTICE_TEMPLATES)[number];

/** Password login paused for the account after too many failed guesses, until `until`. */
export interface PausedContent {
  template: 'passwordLoginPaused';
  email: string;
  until: string;
  failures: number;
}

export type MailContent =
  | { template: CodeTemplate; code: string; minutes: number }
  | { template: NoticeTemplate; email: string; at: string }
  | PausedContent;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function formatMailTime(iso: string, lang: Language): string {
  const format = new Intl.DateTimeFormat(toLocaleTag(lang), {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: 'UTC',
  });
  return `${format.format(new Date(iso))} (UTC)`;
}

export function renderMail(lang: Language, content: MailContent): RenderedMail {
  const t = MAIL_CATALOGUES[lang];
  // Paragraphs as plain text; the code, if any, stands on its own line.
  let subject: string;
  let paragraphs: string[];
  let code: string | null = null;
  if ('code' in content) {
    const strings = t[content.template];
    subject = strings.subject;
    code = content.code;
    paragraphs = [strings.intro, fill(t.code.validity, { minutes: content.minutes }), t.code.notYou];
  } else if (content.template === 'passwordLoginPaused') {
    const strings = t.passwordLoginPaused;
    subject = strings.subject;
    const time = formatMailTime(content.until, lang);
    const body = fill(strings.body, { email: content.email, time, failures: content.failures });
    paragraphs = [body, strings.codeLogin, strings.notYou];
  } else {
    const strings = t[content.template];
    subject = strings.subject;
    const time = formatMailTime(content.at, lang);
    paragraphs = [fill(strings.body, { email: content.email, time }), strings.notYou];
  }
  const [first = '', ...rest] = paragraphs;
  const textParts = [
    t.layout.greeting,
    first,
    ...(code ? [code] : []),
    ...rest,
    t.layout.signature,
    t.layout.automated,
  ];
  const htmlParagraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = [
    `<!doctype html><html lang="${toLocaleTag(lang)}"><body style="font-family:Arial,sans-serif;color:#1f2329;line-height:1.6">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    htmlParagraph(t.layout.greeting),
    htmlParagraph(first),
    code
      ? `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>`
      : '',
    ...rest.map(htmlParagraph),
    htmlParagraph(t.layout.signature),
    `<p style="margin:0;color:#8f959e;font-size:12px">${escapeHtml(t.layout.automated)}</p>`,
    '</div></body></html>',
  ].join('');
  return { subject, text: textParts.join('\n\n'), html };
}
