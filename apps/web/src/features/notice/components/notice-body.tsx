import '../notice.css';

/**
 * A notice's body as HTML. Only the server's output is ever given here: it was cleaned by an
 * allow-list when saved and again when read (no script, style, iframe, img or on* attribute,
 * no javascript: link; every link opens a new tab with rel="noopener noreferrer"), so setting
 * it as HTML runs nothing.
 */
export function NoticeBody({ sanitizedHtml }: { sanitizedHtml: string }) {
  return (
    <div
      className="notice-body"
      data-testid="notice-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (notice-html.ts)
      dangerouslySetInnerHTML={{ __html: sanitizedHtml }}
    />
  );
}
