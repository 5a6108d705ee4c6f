import sanitizeHtml from 'sanitize-html';

/**
 * A notice body's HTML, cleaned by an allow-list before it is stored (and again when a merchant
 * reads it, so a row written any other way is shown clean too). What the console's editor
 * writes survives: paragraphs, headings, bold, italic, underline, strike, code, quotes, lists,
 * rules and links. Everything else goes: script, style, iframe, object, img and form elements,
 * every attribute but a link's href (http, https, mailto only: no javascript: or data:) and an
 * ordered list's start, hence no on* handlers, style or class. Script and style lose their
 * content too. Each link opens a new tab without handing the notice page to it.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
};

/**
 * A link whose href was dropped (javascript:, data:, protocol-relative) is no link at all: its
 * text is kept as plain text (it showed as link-coloured text going nowhere). Matched on the
 * sanitizer's own output, where such a link is always written exactly so.
 */
const DEAD_LINK = /<a target="_blank" rel="noopener noreferrer">([\s\S]*?)<\/a>/g;

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(DEAD_LINK, '$1').trim();
}

/** A block's either end (text outside any block, a link's left behind say, is its own block). */
const BLOCK_EDGE = /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre)(?:\s[^>]*)?>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The text a reader sees, one space between blocks: what the keyword search reads (never tag or
 * attribute names) and where a summary left empty is cut from.
 */
export function noticeHtmlText(cleanHtml: string): string {
  const text = sanitizeHtml(cleanHtml.replace(BLOCK_EDGE, ' $& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export const SUMMARY_FROM_BODY = 140;

/** The summary shown in lists: the operator's own, or the start of the body. */
export function summaryOf(summary: string, bodyText: string): string {
  if (summary.trim()) return summary.trim();
  const chars = Array.from(bodyText);
  return chars.length > SUMMARY_FROM_BODY
    ? `${chars.slice(0, SUMMARY_FROM_BODY).join('').trimEnd()}…`
    : bodyText;
}
