import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devOutbox } from '../../db/schema';

/**
 * The development outbox: mails "sent" without SMTP_URL, newest first, as a page and as JSON
 * (scripts and the smoke run read codes from it). Never registered in production, where it
 * would hand out every login and reset code.
 */
const SHOWN = 100;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerDevOutboxRoutes(app: FastifyInstance): void {
  if (app.config.nodeEnv === 'production') return;
  const latest = () => app.db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(SHOWN);

  app.get('/dev/outbox.json', { schema: { hide: true } }, async () =>
    (await latest()).map((mail) => ({
      id: mail.id,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      createdAt: mail.createdAt.toISOString(),
    })),
  );

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const items = (await latest())
      .map(
        (mail) =>
          `<li><p><b>${escapeHtml(mail.subject)}</b> → ${escapeHtml(mail.toAddress)} · ` +
          `<time>${mail.createdAt.toISOString()}</time></p><pre>${escapeHtml(mail.text)}</pre></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        '<!doctype html><html><head><meta charset="utf-8"><title>Tollgate dev outbox</title></head>' +
          '<body style="font-family:sans-serif;max-width:760px;margin:24px auto">' +
          `<h1>Dev outbox</h1><p>Mails sent without SMTP_URL, newest first (last ${SHOWN}).</p>` +
          `<ol reversed>${items || '<p>No mail yet.</p>'}</ol></body></html>`,
      );
  });
}
