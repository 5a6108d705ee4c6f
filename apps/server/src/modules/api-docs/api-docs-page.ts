import {
  apiEndpoints,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGE_KEY,
  type ErrorCodeValue,
  formatMessage,
  LANGUAGES,
  type Language,
  SIGNED_CALL_ERRORS,
} from '@tollgate/contracts';
import { CALLBACK_EVENT_TYPES } from '../../db/schema';
import { codeSamplesFor, SAMPLE_PLACEHOLDERS } from '../merchant-api/api-examples';
import { NONCE_RETENTION_MS, TIMESTAMP_WINDOW_MS } from '../merchant-api/signature';
import { SIGNATURE_EXAMPLE, SIGNATURE_EXAMPLE_STRING } from '../merchant-api/signature-example';
import type { DocField, DocOperation, FieldPlace } from './api-docs-model';
import { API_DOCS_PATH } from './api-docs-path';
import { type DocsText, docsText, fill, schemaText } from './api-docs-text';
import { CALLBACK_VERIFY_SAMPLES } from './callback-verify-samples';

/**
 * The documentation as one server-rendered HTML page per language: no framework, no outside
 * resource, its style inline and its one script (copy buttons) a same-origin file. Readable at
 * 390 px: tables scroll inside their own box, code blocks wrap nothing and scroll.
 */
export interface PageInput {
  lang: Language;
  operations: DocOperation[];
  publicUrl: string;
  /** Where the back office's signature check tool is (the applications page, opening it). */
  signatureToolUrl: string;
  callbackRetryDelaysMs: readonly number[];
  callbackTimeoutMs: number;
  /** Signed requests a minute per application (API_RATE_LIMIT). */
  apiRateLimit: number;
}

export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
  vi_VN: 'Tiếng Việt',
};
/** The devnet walk-through comes before this call (present only on a devnet server). */
const DEVNET_SECTION_BEFORE = 'createTestDeposit';
const HTML_LANG: Record<Language, string> = { zh_CN: 'zh-CN', zh_TW: 'zh-TW', en_US: 'en', vi_VN: 'vi' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text with `code` spans. */
const inline = (text: string) =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_whole, code: string) => `<code>${code}</code>`);

function table(headers: string[], rows: string[][], className = 'table'): string {
  const head = headers.map((h) => `<th scope="col">${h}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<div class="${className}"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/**
 * The epusdt section: the base URL and token, and where each shop system's plugin takes them
 * (docs/epusdt.md has the same table): some want the base URL, others the full
 * create-transaction URL, one the token in a field named for something else.
 */
function epusdtSection(input: { publicUrl: string }, t: DocsText): string {
  const e = t.epusdt;
  const base = `${input.publicUrl}/epusdt/{APPID}`;
  const create = `${base}/api/v1/order/create-transaction`;
  const url = (value: string, note?: string) =>
    `<code>${escapeHtml(value)}</code>${note ? ` ${inline(note)}` : ''}`;
  const secret = inline(e.secret);
  const rows: [string, string, string][] = [
    ['dujiaoka (独角数卡)', '商户ID (merchant_id)', secret],
    ['', '商户密钥 (merchant_pem)', url(create, e.fullUrl)],
    ['WHMCS (epusdt)', 'Endpoint', url(base, e.appends)],
    ['', 'Token', secret],
    ['v2board (EPUSDT)', 'URL', url(create, e.fullUrl)],
    ['', 'PID', secret],
    ['xboard (BEpusdt)', 'API 地址', url(base)],
    ['', 'API Token', secret],
    ['', '交易类型', inline(e.tradeType)],
    ['EPay (彩虹易支付, bepusdt / epusdt)', '接口地址', url(`${base}/`, e.trailingSlash)],
    ['', 'Token', secret],
  ];
  return [
    `<section id="epusdt"><h2>${escapeHtml(e.title)}</h2><p>${inline(fill(e.p1, { baseUrl: base }))}</p>`,
    table(
      [e.system, e.field, e.value].map(escapeHtml),
      rows.map(([system, field, value]) => [escapeHtml(system), escapeHtml(field), value]),
    ),
    `<p>${inline(e.p2)}</p></section>`,
  ].join('\n');
}

function codeBlock(source: string, t: DocsText, label: string): string {
  return `<div class="code"><button type="button" class="copy" data-copied="${escapeHtml(t.page.copied)}" data-failed="${escapeHtml(t.page.copyFailed)}" aria-label="${escapeHtml(`${t.page.copy}: ${label}`)}">${escapeHtml(t.page.copy)}</button><pre tabindex="0"><code>${escapeHtml(source)}</code></pre></div>`;
}

/** The known answer (signature-example.ts) and the openssl line that reproduces it. */
function signatureExample(): string {
  const e = SIGNATURE_EXAMPLE;
  const quote = (text: string) => `'${text}'`;
  return [
    `APPSECRET    ${e.appSecret}`,
    `X-Signature  ${e.signature}`,
    '',
    `printf '%s\\n%s\\n%s\\n%s\\n%s' ${[e.timestamp, e.nonce, e.method, e.pathWithQuery, e.body].map(quote).join(' ')} \\`,
    `  | openssl dgst -sha256 -hmac ${quote(e.appSecret)}`,
  ].join('\n');
}

function duration(ms: number, t: DocsText): string {
  const s = Math.round(ms / 1000);
  if (s % 3600 === 0) return fill(t.units.h, { n: s / 3600 });
  if (s % 60 === 0) return fill(t.units.min, { n: s / 60 });
  return fill(t.units.s, { n: s });
}

/**
 * A field per row: name, type, rules, meaning. On a narrow screen the type and rules columns
 * are hidden and the same text shows under the name (`.narrow`, hidden on a wide one), so the
 * meaning keeps a readable width; either way each text is shown, and read, once.
 */
function fieldRows(fields: DocField[], lang: Language, t: DocsText): string[][] {
  return fields.map((field) => {
    const type = `<code>${escapeHtml(field.type)}</code>${field.nullable ? `<br><span class="opt">${t.page.nullable}</span>` : ''}`;
    const rules = field.constraints.map((c) => `<code>${escapeHtml(c)}</code>`).join('<br>');
    return [
      `<code>${escapeHtml(field.name)}</code><br><span class="${field.required ? 'req' : 'opt'}">${field.required ? t.page.required : t.page.optional}</span><span class="narrow"><br>${type}${rules ? `<br>${rules}` : ''}</span>`,
      type,
      rules,
      inline(schemaText(lang, field.description)),
    ];
  });
}

/** A message's `{{name}}` values in the error table: an example of each, never the raw placeholder. */
const MESSAGE_EXAMPLES = {
  time: '2026-11-28T10:00:00+08:00',
  ip: '203.0.113.7',
  needed: '105',
  available: '80',
  coin: 'USDT',
  count: 3,
};

function errorRows(codes: readonly ErrorCodeValue[], lang: Language): string[][] {
  return [...new Set(codes)]
    .sort((a, b) => a - b)
    .map((code) => [
      `<code>${code}</code>`,
      String(ERROR_HTTP_STATUS[code]),
      escapeHtml(formatMessage(lang, `errors.${ERROR_MESSAGE_KEY[code]}`, MESSAGE_EXAMPLES)),
    ]);
}

/**
 * "Try it on devnet", before the calls that fund the balance and pay out: a fresh merchant's
 * balance is 0, so without it every payout example is refused (3201).
 */
function devnetSection(t: DocsText): string {
  const d = t.devnet;
  return [
    `<section id="try-devnet" aria-labelledby="h-try-devnet"><h3 id="h-try-devnet">${escapeHtml(d.title)}</h3>`,
    `<p>${inline(d.intro)}</p><ol class="steps">${d.steps.map((step) => `<li>${inline(step)}</li>`).join('')}</ol>`,
    `<p class="note">${inline(d.live)}</p></section>`,
  ].join('\n');
}

/** The budget of each application and the headers that tell it. */
function rateLimitSection(input: PageInput, t: DocsText): string {
  const r = t.rateLimits;
  const max = input.apiRateLimit.toLocaleString('en-US');
  return [
    `<section id="rate-limits"><h2>${escapeHtml(r.title)}</h2><p>${inline(fill(r.p1, { max }))}</p>`,
    table(
      [t.page.name, t.page.meaning],
      [
        ['RateLimit-Limit', fill(r.limit, { max })],
        ['RateLimit-Remaining', r.remaining],
        ['RateLimit-Reset', r.reset],
        ['Retry-After', r.retryAfter],
      ].map(([name, meaning]) => [`<code>${name}</code>`, inline(meaning as string)]),
    ),
    `<p>${inline(r.noApplication)}</p>`,
    '</section>',
  ].join('\n');
}

function operationSection(operation: DocOperation, input: PageInput, t: DocsText): string {
  const { lang } = input;
  const endpoint = apiEndpoints[operation.operationId];
  const parts: string[] = [
    `<section id="op-${operation.operationId}" aria-labelledby="h-${operation.operationId}">`,
    `<h3 id="h-${operation.operationId}">${inline(schemaText(lang, operation.summary))}</h3>`,
    `<p class="endpoint"><span class="method">${operation.method}</span> <code>${escapeHtml(operation.path)}</code></p>`,
    operation.devnetOnly ? `<p class="note">${inline(t.page.devnetOnly)}</p>` : '',
    `<p>${inline(schemaText(lang, operation.description))}</p>`,
  ];
  for (const place of ['path', 'query', 'body', 'response'] as FieldPlace[]) {
    const fields = operation.fields[place];
    if (fields.length === 0) continue;
    parts.push(
      `<h4>${inline(t.page.fields[place])}</h4>`,
      table(
        [t.page.name, t.page.type, t.page.constraints, t.page.meaning],
        fieldRows(fields, lang, t),
        'table fields',
      ),
    );
  }
  parts.push(
    `<h4>${escapeHtml(t.page.errors)}</h4>`,
    table(
      [t.errors.code, t.errors.http, t.errors.message],
      errorRows([...SIGNED_CALL_ERRORS, ...endpoint.errors], lang),
    ),
    `<h4>${escapeHtml(t.page.examples)}</h4>`,
  );
  // The document's examples send en_US; the page's send its own language.
  codeSamplesFor(operation.operationId, lang).forEach((sample, index) => {
    const source = sample.source.replaceAll(SAMPLE_PLACEHOLDERS.baseUrl, input.publicUrl);
    parts.push(
      `<details${index === 0 ? ' open' : ''}><summary>${escapeHtml(sample.label)}</summary>${codeBlock(source, t, `${operation.operationId} ${sample.label}`)}</details>`,
    );
  });
  parts.push(`<p class="top"><a href="#top">${escapeHtml(t.page.top)}</a></p></section>`);
  return parts.join('\n');
}

export function renderApiDocsPage(input: PageInput): string {
  const { lang, operations } = input;
  const t = docsText(lang);
  const apiBase = `${input.publicUrl}/api/v1`;
  const allCodes = [
    ...SIGNED_CALL_ERRORS,
    ...operations.flatMap((operation) => apiEndpoints[operation.operationId].errors),
  ];
  const toc: [string, string][] = [
    ['intro', t.intro.title],
    ['signing', t.signing.title],
    ['idempotency', t.idempotency.title],
    ['statuses', t.statuses.title],
    ['callbacks', t.callbacks.title],
    ['errors', t.errors.title],
    ['rate-limits', t.rateLimits.title],
    ['operations', t.operations.title],
    ['epusdt', t.epusdt.title],
  ];
  const statusTable = (values: Record<string, string>) =>
    table(
      [t.statuses.value, t.statuses.meaning],
      Object.entries(values).map(([v, m]) => [`<code>${v}</code>`, inline(m)]),
    );
  const toolLink = `<a href="${escapeHtml(input.signatureToolUrl)}">${escapeHtml(t.callbacks.toolLink)}</a>`;
  const switcher = LANGUAGES.map((code) =>
    code === lang
      ? `<a aria-current="true" lang="${HTML_LANG[code]}" href="?lang=${code}">${LANGUAGE_NAMES[code]}</a>`
      : `<a lang="${HTML_LANG[code]}" hreflang="${HTML_LANG[code]}" href="?lang=${code}" data-lang="${code}">${LANGUAGE_NAMES[code]}</a>`,
  ).join('');

  const body = [
    `<header id="top"><p class="brand">Tollgate</p><nav class="langs" aria-label="${escapeHtml(t.page.language)}">${switcher}</nav></header>`,
    '<main>',
    `<h1>${escapeHtml(t.page.title)}</h1>`,
    `<p class="lead">${inline(t.page.description)}</p>`,
    `<p class="links"><a href="/api-docs">${escapeHtml(t.page.openapi)}</a> · <a href="/">${escapeHtml(t.page.backOffice)}</a></p>`,
    `<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">${escapeHtml(t.page.contents)}</h2><ol>${toc
      .map(([id, title]) =>
        id === 'operations'
          ? `<li><a href="#${id}">${inline(title)}</a><ol>${operations
              .map(
                (op) =>
                  (op.operationId === DEVNET_SECTION_BEFORE
                    ? `<li><a href="#try-devnet">${inline(t.devnet.title)}</a></li>`
                    : '') +
                  `<li><a href="#op-${op.operationId}">${inline(schemaText(lang, op.summary))}</a></li>`,
              )
              .join('')}</ol></li>`
          : `<li><a href="#${id}">${inline(title)}</a></li>`,
      )
      .join('')}</ol></nav>`,
    `<section id="intro"><h2>${escapeHtml(t.intro.title)}</h2>`,
    `<p>${inline(fill(t.intro.base, { baseUrl: apiBase }))}</p><p>${inline(t.intro.envelope)}</p><p>${inline(t.intro.values)}</p><p>${inline(t.intro.language)}</p><p>${inline(t.intro.requestId)}</p></section>`,
    `<section id="signing"><h2>${escapeHtml(t.signing.title)}</h2><p>${inline(t.signing.intro)}</p>`,
    `<ol class="steps">${t.signing.steps.map((step) => `<li>${inline(step)}</li>`).join('')}</ol>`,
    `<h3>${escapeHtml(t.signing.stringTitle)}</h3>`,
    codeBlock(
      `timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + pathWithQuery + "\\n" + rawBody\n\n${SIGNATURE_EXAMPLE_STRING}`,
      t,
      t.signing.stringTitle,
    ),
    `<h3>${escapeHtml(t.signing.exampleTitle)}</h3><p>${inline(t.signing.example)}</p>`,
    codeBlock(signatureExample(), t, t.signing.exampleTitle),
    `<h3>${escapeHtml(t.signing.headersTitle)}</h3>`,
    table(
      [t.page.name, t.page.meaning],
      Object.entries(t.signing.headers).map(([name, meaning]) => [`<code>${name}</code>`, inline(meaning)]),
    ),
    `<h3>${escapeHtml(t.signing.rulesTitle)}</h3><ul>${t.signing.rules
      .map(
        (rule) =>
          `<li>${inline(fill(rule, { minutes: TIMESTAMP_WINDOW_MS / 60_000, nonceMinutes: Math.floor(NONCE_RETENTION_MS / 60_000) }))}</li>`,
      )
      .join('')}</ul>`,
    `<h3>${escapeHtml(t.signing.refusalsTitle)}</h3>`,
    table(
      [t.errors.code, t.errors.http, t.page.meaning],
      Object.entries(t.signing.refusals).map(([code, meaning]) => [
        `<code>${code}</code>`,
        String(ERROR_HTTP_STATUS[Number(code) as ErrorCodeValue] ?? code),
        inline(meaning),
      ]),
    ),
    '</section>',
    `<section id="idempotency"><h2>${escapeHtml(t.idempotency.title)}</h2><p>${inline(t.idempotency.p1)}</p><p>${inline(t.idempotency.p2)}</p></section>`,
    `<section id="statuses"><h2>${escapeHtml(t.statuses.title)}</h2>`,
    `<h3>${inline(t.statuses.collectionTitle)}</h3>${statusTable(t.statuses.collection)}`,
    `<h3>${inline(t.statuses.payoutTitle)}</h3>${statusTable(t.statuses.payout)}`,
    `<h3>${inline(t.statuses.exceptionTitle)}</h3>${statusTable(t.statuses.exception)}</section>`,
    `<section id="callbacks"><h2>${escapeHtml(t.callbacks.title)}</h2><p>${inline(t.callbacks.intro)}</p>`,
    `<p class="note">${inline(t.callbacks.localDevelopment)}</p>`,
    `<h3>${escapeHtml(t.callbacks.eventsTitle)}</h3>`,
    table(
      [t.statuses.value, t.statuses.meaning],
      CALLBACK_EVENT_TYPES.map((type) => [`<code>${type}</code>`, inline(t.callbacks.events[type])]),
    ),
    `<h3>${escapeHtml(t.callbacks.payloadTitle)}</h3><p>${inline(t.callbacks.payload)}</p>`,
    `<h3>${escapeHtml(t.callbacks.signatureTitle)}</h3><ol class="steps">${t.callbacks.signatureSteps
      .map((step) => `<li>${inline(step)}</li>`)
      .join('')}</ol>`,
    ...CALLBACK_VERIFY_SAMPLES.map(
      (sample, index) =>
        `<details${index === 0 ? ' open' : ''}><summary>${sample.label}</summary>${codeBlock(sample.source, t, `callback ${sample.label}`)}</details>`,
    ),
    `<p class="note">${inline(t.callbacks.tool).replace('{{link}}', toolLink)}</p>`,
    `<h3>${escapeHtml(t.callbacks.answerTitle)}</h3><p>${inline(fill(t.callbacks.answer, { seconds: Math.round(input.callbackTimeoutMs / 1000) }))}</p>`,
    `<h3>${escapeHtml(t.callbacks.retriesTitle)}</h3><p>${inline(
      fill(t.callbacks.retries, {
        schedule: input.callbackRetryDelaysMs.map((ms) => duration(ms, t)).join(t.units.list),
      }),
    )}</p><p>${inline(t.callbacks.order)}</p></section>`,
    `<section id="errors"><h2>${escapeHtml(t.errors.title)}</h2><p>${inline(t.errors.intro)}</p>`,
    table([t.errors.code, t.errors.http, t.errors.message], errorRows(allCodes, lang)),
    '</section>',
    rateLimitSection(input, t),
    `<section id="operations"><h2>${escapeHtml(t.operations.title)}</h2>`,
    ...operations.flatMap((operation) => [
      ...(operation.operationId === DEVNET_SECTION_BEFORE ? [devnetSection(t)] : []),
      operationSection(operation, input, t),
    ]),
    '</section>',
    epusdtSection(input, t),
    '</main>',
  ].join('\n');

  return `<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.page.title)}</title>
<meta name="description" content="${escapeHtml(t.page.description)}">
<style>${STYLE}</style>
<script src="${API_DOCS_PATH}/docs.js" defer></script>
</head>
<body>
${body}
</body>
</html>
`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.65 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;background:#fff}
header{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:10px 20px;border-bottom:1px solid #e5e6eb;background:#fafbfc}
.brand{margin:0;font-weight:700;color:#0958d9}
.langs{display:flex;flex-wrap:wrap;gap:4px}
.langs a{padding:2px 10px;border-radius:6px;text-decoration:none;color:#1f2329}
.langs a[aria-current]{background:#0958d9;color:#fff}
main{max-width:960px;margin:0 auto;padding:16px 20px 48px}
h1{font-size:28px;line-height:1.3;margin:16px 0 8px}
h2{font-size:22px;margin:40px 0 12px;padding-top:8px;border-top:1px solid #e5e6eb}
h3{font-size:18px;margin:28px 0 8px}
h4{font-size:15px;margin:18px 0 6px}
a{color:#0958d9}
a:focus-visible,button:focus-visible,pre:focus-visible,summary:focus-visible{outline:2px solid #1677ff;outline-offset:2px}
.lead{color:#4e5969}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:#f2f3f5;padding:1px 4px;border-radius:4px;overflow-wrap:anywhere}
.toc{background:#f7f8fa;border-radius:8px;padding:4px 16px 8px}
.toc h2{border:0;margin:8px 0;font-size:16px}
.toc ol{margin:0;padding-left:20px}
.table{overflow-x:auto;margin:8px 0}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;vertical-align:top;border:1px solid #e5e6eb;padding:6px 8px}
th{background:#f7f8fa;white-space:nowrap}
td:first-child{white-space:nowrap}
.fields td:nth-child(-n+2) code{white-space:nowrap;overflow-wrap:normal}
.narrow{display:none}
.req{color:#cf1322;font-size:12px}
.opt{color:#4e5969;font-size:12px}
.endpoint .method{display:inline-block;font-weight:700;color:#fff;background:#0958d9;border-radius:4px;padding:0 8px}
.note{background:#fffbe6;border:1px solid #ffe58f;border-radius:6px;padding:8px 12px}
details{margin:8px 0;border:1px solid #e5e6eb;border-radius:8px}
summary{cursor:pointer;padding:6px 12px;font-weight:600}
.code{position:relative}
.code pre{margin:0;padding:40px 12px 12px;overflow-x:auto;background:#1f2329;color:#f2f3f5;border-radius:0 0 8px 8px;font-size:13px;line-height:1.5}
.code pre code{background:none;padding:0;color:inherit;overflow-wrap:normal}
#signing>.code pre{border-radius:8px}
.copy{position:absolute;top:6px;right:6px;font:inherit;font-size:13px;padding:2px 10px;border:1px solid #4e5969;border-radius:6px;background:#2e3238;color:#fff;cursor:pointer}
.top{text-align:right;font-size:13px}
@media (max-width:600px){main{padding:12px 14px 40px}h1{font-size:24px}td:first-child{white-space:normal}
.fields th:nth-child(2),.fields th:nth-child(3),.fields td:nth-child(2),.fields td:nth-child(3){display:none}
.fields .narrow{display:inline}.fields td:first-child{width:42%}.fields td .narrow code{white-space:normal;overflow-wrap:anywhere}}
`;
