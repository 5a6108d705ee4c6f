import { describe, expect, it } from 'vitest';
import { noticeHtmlText, sanitizeNoticeHtml, summaryOf } from './notice-html';

describe('sanitizeNoticeHtml', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s> and <code>x</code> text</p><ul><li><p>one</p></li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr><pre><code>code</code></pre>';
    expect(sanitizeNoticeHtml(html)).toBe(html.replace('<hr>', '<hr />'));
  });

  it('drops script, style, iframe and img, with the content of script and style', () => {
    const clean = sanitizeNoticeHtml(
      '<p>a</p><script>window.x=1</script><style>p{color:red}</style><iframe src="https://e.com"></iframe><img src=x onerror="alert(1)"><p>b</p>',
    );
    expect(clean).toBe('<p>a</p><p>b</p>');
  });

  it('drops every event handler, style and class', () => {
    expect(
      sanitizeNoticeHtml('<p onclick="alert(1)" style="color:red" class="c" onmouseover=alert(2)>hi</p>'),
    ).toBe('<p>hi</p>');
  });

  it('keeps http(s) and mailto links, opened in a new tab without the opener; drops javascript: and data:', () => {
    expect(sanitizeNoticeHtml('<a href="https://tollgate.dev/x" onclick="x()">doc</a>')).toBe(
      '<a href="https://tollgate.dev/x" target="_blank" rel="noopener noreferrer">doc</a>',
    );
    // A link left without its href is plain text, not a link going nowhere.
    expect(sanitizeNoticeHtml('<p><a href="javascript:alert(1)">x</a> y</p>')).toBe('<p>x y</p>');
    expect(sanitizeNoticeHtml('<a>bare</a>')).toBe('bare');
    expect(
      sanitizeNoticeHtml('<a href="javascript:x">bad</a><a href="https://tollgate.dev/d">docs</a>'),
    ).toBe('bad<a href="https://tollgate.dev/d" target="_blank" rel="noopener noreferrer">docs</a>');
    expect(sanitizeNoticeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).not.toContain('alert');
    expect(sanitizeNoticeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).not.toContain(
      'data:',
    );
    expect(sanitizeNoticeHtml('<a href="//evil.example/">x</a>')).not.toContain('evil');
    expect(sanitizeNoticeHtml('<a href="mailto:ops@tollgate.dev" target="_self">m</a>')).toBe(
      '<a href="mailto:ops@tollgate.dev" target="_blank" rel="noopener noreferrer">m</a>',
    );
  });
});

describe('noticeHtmlText', () => {
  it('is the text a reader sees, blocks apart, entities read', () => {
    expect(noticeHtmlText('<h2>Fees</h2><p>Tom &amp; Jerry &lt;3</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Fees Tom & Jerry <3 one two',
    );
    expect(noticeHtmlText('<p><a href="https://x.dev/strong">link</a></p>')).toBe('link');
    // Text outside any block (a removed link's) stays apart from the block after it.
    expect(noticeHtmlText('<p>正文</p>点我<p>点击段落</p>')).toBe('正文 点我 点击段落');
    expect(noticeHtmlText('<p>one</p><ol start="3"><li>two</li></ol>three')).toBe('one two three');
  });
});

describe('summaryOf', () => {
  it("is the operator's summary, or the body's first 140 characters", () => {
    expect(summaryOf('  Mine ', 'body')).toBe('Mine');
    expect(summaryOf('', 'short body')).toBe('short body');
    const long = '字'.repeat(200);
    expect(summaryOf('', long)).toBe(`${'字'.repeat(140)}…`);
  });
});
