import { z } from 'zod';
import { LANGUAGES } from './languages';
import { requiredString } from './validation';

/**
 * System notices (issue 9): operators write them in the console, one text per language
 * (zh_CN always; a language left out reads as zh_CN), with a publish time (later than now =
 * scheduled) and a pin. Merchants list the published ones (pinned first, then newest), search
 * titles and bodies in their language, open one (which marks it read) and see how many they
 * have not read. The body is HTML sanitized by the server with an allow-list when saved.
 */
export const NOTICE_TITLE_MAX = 120;
export const NOTICE_SUMMARY_MAX = 300;
/** Of the HTML as sent by the editor, before sanitizing. */
export const NOTICE_BODY_MAX = 100_000;
export const NOTICE_KEYWORD_MAX = 100;

const pageFields = {
  pageNo: z
    .number({ error: 'validation.records.pageNo' })
    .int({ message: 'validation.records.pageNo' })
    .min(1, { message: 'validation.records.pageNo' })
    .max(1_000_000, { message: 'validation.records.pageNo' })
    .default(1),
  pageSize: z
    .number({ error: 'validation.records.pageSize' })
    .int({ message: 'validation.records.pageSize' })
    .min(1, { message: 'validation.records.pageSize' })
    .max(100, { message: 'validation.records.pageSize' })
    .default(10),
  keyword: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: 'validation.invalidType' })
      .trim()
      .max(NOTICE_KEYWORD_MAX, { message: 'validation.notice.keywordTooLong' })
      .optional(),
  ),
};

export const noticeId = z
  .number({ error: 'validation.notice.id' })
  .int({ message: 'validation.notice.id' })
  .positive({ message: 'validation.notice.id' })
  .max(Number.MAX_SAFE_INTEGER, { message: 'validation.notice.id' });
export const noticeIdBody = z.object({ id: noticeId });

// --- Merchant side -----------------------------------------------------------------------------

export const noticePageBody = z.object(pageFields);
export type NoticePageBody = z.input<typeof noticePageBody>;

export const noticeListItem = z.object({
  id: z.number().int(),
  title: z.string().describe("In the merchant's language, or zh_CN when the notice has none in it"),
  summary: z.string(),
  publishedAt: z.string(),
  pinned: z.boolean(),
  read: z.boolean().describe('Whether this merchant has opened it'),
});
export type NoticeListItem = z.infer<typeof noticeListItem>;

export const noticePage = z.object({ list: z.array(noticeListItem), total: z.number().int() });
export type NoticePage = z.infer<typeof noticePage>;

export const noticeDetail = noticeListItem.extend({
  body: z
    .string()
    .describe('Sanitized HTML (allow-listed tags and attributes; no script, style or event handlers)'),
  lang: z
    .enum(LANGUAGES)
    .describe(
      'The language the text is in (the fallback zh_CN when the notice has no text in the asked one)',
    ),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const noticeUnreadCount = z.object({ unread: z.number().int() });

// --- Operator console --------------------------------------------------------------------------

const noticeText = z.object(
  {
    title: requiredString('validation.notice.titleRequired')
      .trim()
      .min(1, { message: 'validation.notice.titleRequired' })
      .max(NOTICE_TITLE_MAX, { message: 'validation.notice.titleTooLong' }),
    summary: z
      .string({ error: 'validation.invalidType' })
      .trim()
      .max(NOTICE_SUMMARY_MAX, { message: 'validation.notice.summaryTooLong' })
      .default('')
      .describe('Shown in lists; left empty, the start of the body is used'),
    body: requiredString('validation.notice.bodyRequired')
      .min(1, { message: 'validation.notice.bodyRequired' })
      .max(NOTICE_BODY_MAX, { message: 'validation.notice.bodyTooLong' })
      .describe('HTML from the editor; sanitized by the server'),
  },
  // A language given as something other than an object, or zh_CN left out.
  { error: 'validation.notice.titleRequired' },
);

export const noticeTexts = z.object({
  zh_CN: noticeText,
  zh_TW: noticeText.optional(),
  en_US: noticeText.optional(),
  vi_VN: noticeText.optional(),
});

export const opsNoticeSaveBody = z.object({
  texts: noticeTexts,
  publishedAt: z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.iso.datetime({ offset: true, message: 'validation.notice.publishedAt' }).optional(),
    )
    .describe('ISO 8601 with a time zone; left out = now. Later than now = scheduled'),
  pinned: z.boolean({ error: 'validation.invalidType' }).default(false),
});
export type OpsNoticeSaveBody = z.input<typeof opsNoticeSaveBody>;
export const opsNoticeUpdateBody = opsNoticeSaveBody.extend({ id: noticeId });
export type OpsNoticeUpdateBody = z.input<typeof opsNoticeUpdateBody>;

export const opsNoticePageBody = z.object(pageFields);
export type OpsNoticePageBody = z.input<typeof opsNoticePageBody>;

export const opsNoticeListItem = z.object({
  id: z.number().int(),
  title: z.string().describe('The zh_CN title'),
  languages: z.array(z.enum(LANGUAGES)).describe('The languages it has a text in'),
  publishedAt: z.string(),
  scheduled: z.boolean().describe('Its publish time is still ahead: merchants do not see it yet'),
  pinned: z.boolean(),
  readCount: z.number().int().describe('Merchants who opened it'),
  createdByEmail: z.string(),
  updatedAt: z.string(),
});
export type OpsNoticeListItem = z.infer<typeof opsNoticeListItem>;
export const opsNoticePage = z.object({
  list: z.array(opsNoticeListItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

const storedText = z.object({ title: z.string(), summary: z.string(), body: z.string() });
export const opsNoticeDetail = opsNoticeListItem.extend({
  texts: z.object({
    zh_CN: storedText,
    zh_TW: storedText.optional(),
    en_US: storedText.optional(),
    vi_VN: storedText.optional(),
  }),
  createdAt: z.string(),
});
export type OpsNoticeDetail = z.infer<typeof opsNoticeDetail>;
export const opsNoticeResult = z.object({ notice: opsNoticeDetail });
