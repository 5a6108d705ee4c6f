import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { ExportButton } from './export-button';

/**
 * The Export button against a fake /front: a file answered at once is saved under the server's
 * RFC 5987 name; a job's modal follows its status to the download; a refusal shows the server's
 * message. The calls sent are checked too (kind, format, filters, the browser's time zone).
 */
type Route = (url: URL, init: RequestInit) => Response;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
const file = (text: string, name: string) =>
  new Response(text, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

let saved: string[];
let sent: { path: string; body: unknown }[];

function stubFetch(routes: Record<string, Route | Route[]>) {
  const queues = new Map(Object.entries(routes).map(([path, route]) => [path, [route].flat()]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      sent.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
      const queue = queues.get(url.pathname) ?? [];
      const route = (queue.length > 1 ? queue.shift() : queue[0]) as Route | undefined;
      return route ? route(url, init) : json({ code: 404, data: null, message: 'no route' });
    }),
  );
}

beforeEach(() => {
  saved = [];
  sent = [];
  // jsdom has no object URLs: the two calls are given for the test and taken back after it.
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function choose(format: 'CSV' | 'Excel') {
  fireEvent.click(screen.getByTestId('export-button'));
  fireEvent.click(await screen.findByText(new RegExp(`Export ${format}`)));
}

describe('ExportButton', () => {
  it('saves a file answered at once under its localized name', async () => {
    stubFetch({ '/front/export': () => file('a\r\n', '收款记录-20261126-103000.csv') });
    renderWithProviders(<ExportButton kind="collection" filters={{ currency: 'USDT' }} />);
    await choose('CSV');
    expect(await screen.findByText('Downloaded 收款记录-20261126-103000.csv')).toBeTruthy();
    expect(saved).toEqual(['收款记录-20261126-103000.csv']);
    expect(sent[0]?.body).toMatchObject({
      kind: 'collection',
      format: 'csv',
      filters: { currency: 'USDT' },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('follows a job to its download', async () => {
    const status = (over: Record<string, unknown>) => () =>
      json({
        code: 0,
        message: 'ok',
        data: {
          exportId: 'e1',
          kind: 'fundFlow',
          format: 'xlsx',
          status: 'running',
          rows: 3000,
          total: 7000,
          progress: 42,
          downloadUrl: null,
          fileName: 'fund-flow.xlsx',
          expiresAt: null,
          ...over,
        },
      });
    stubFetch({
      '/front/export': () => json({ code: 0, message: 'ok', data: { exportId: 'e1', rows: 100001 } }),
      '/front/export/status': [
        status({}),
        status({
          status: 'done',
          rows: 7000,
          progress: 100,
          downloadUrl: '/front/export/download?exportId=e1',
        }),
      ],
      '/front/export/download': () => file('x', 'fund-flow.xlsx'),
    });
    renderWithProviders(<ExportButton kind="fundFlow" filters={{}} />);
    await choose('Excel');
    expect(await screen.findByText(/More than 100,000 rows/)).toBeTruthy();
    expect(await screen.findByText('3,000 of 7,000 rows written')).toBeTruthy();
    expect(await screen.findByText('Export finished: 7,000 rows', undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-job-download'));
    await waitFor(() => expect(saved).toEqual(['fund-flow.xlsx']));
    expect(sent.map((call) => call.path)).toContain('/front/export/download');
  });

  it("shows the server's message when the export is refused", async () => {
    stubFetch({
      '/front/export': () => json({ code: 1001, message: 'Invalid time zone', data: null }),
    });
    renderWithProviders(<ExportButton kind="deposit" filters={{}} />);
    await choose('CSV');
    expect(await screen.findByText('Export failed: Invalid time zone')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
