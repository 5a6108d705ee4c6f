import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import NoticePage from './notice-page';

afterEach(() => vi.unstubAllGlobals());

const PINNED = {
  id: 7,
  title: 'Scheduled maintenance',
  summary: 'TRON node upgrade on Saturday',
  publishedAt: '2026-11-20T02:00:00.000Z',
  pinned: true,
  read: true,
};
const FRESH = {
  id: 9,
  title: 'New fee table',
  summary: 'Collection rates change next month',
  publishedAt: '2026-11-25T02:00:00.000Z',
  pinned: false,
  read: false,
};
const DETAIL = {
  ...FRESH,
  read: true,
  lang: 'en_US',
  body: '<p>Rates <strong>change</strong>.</p><a href="https://tollgate.dev/fees" target="_blank" rel="noopener noreferrer">Fees</a>',
};

const items = () => screen.findAllByTestId('notice-item');

describe('NoticePage', () => {
  it('lists notices: pinned marked, unread marked, summary and time', async () => {
    mockApi({ '/notice/page': ok({ list: [PINNED, FRESH], total: 2 }) });
    renderWithProviders(<NoticePage />, { path: '/dashboard/notice' });
    const [first, second] = await items();
    expect(first?.textContent).toContain('Scheduled maintenance');
    expect(within(first as HTMLElement).getByTestId('notice-pinned').textContent).toBe('Pinned');
    expect(within(first as HTMLElement).queryByTestId('notice-unread')).toBeNull();
    expect(second?.className).toContain('notice-list-item--unread');
    expect(within(second as HTMLElement).getByTestId('notice-unread')).toBeTruthy();
    expect(second?.textContent).toContain('Collection rates change next month');
  });

  it('searches titles and bodies with the keyword typed, from page 1', async () => {
    const api = mockApi({
      '/notice/page': [ok({ list: [PINNED, FRESH], total: 2 }), ok({ list: [], total: 0 })],
    });
    renderWithProviders(<NoticePage />, { path: '/dashboard/notice' });
    await items();
    const box = within(screen.getByTestId('notice-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: '  upgrade ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No notice matches your search')).toBeTruthy();
    expect(api.callsTo('/notice/page').at(-1)?.body).toMatchObject({
      pageNo: 1,
      pageSize: 10,
      keyword: 'upgrade',
    });
  });

  it('opens a notice in a drawer with its sanitized body, and reads the list again (now read)', async () => {
    const api = mockApi({
      '/notice/page': [
        ok({ list: [PINNED, FRESH], total: 2 }),
        ok({ list: [PINNED, { ...FRESH, read: true }], total: 2 }),
      ],
      '/notice/detail': ok(DETAIL),
      '/notice/unread-count': ok({ unread: 0 }),
    });
    renderWithProviders(<NoticePage />, { path: '/dashboard/notice' });
    const [, second] = await items();
    fireEvent.click(second as HTMLElement);
    const drawer = await screen.findByTestId('notice-drawer');
    expect((await within(drawer).findByTestId('notice-detail-title')).textContent).toBe('New fee table');
    const body = within(drawer).getByTestId('notice-body');
    expect(body.querySelector('strong')?.textContent).toBe('change');
    const link = within(body).getByRole('link', { name: 'Fees' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(api.callsTo('/notice/detail')[0]?.body).toMatchObject({ id: 9 });
    await waitFor(() => expect(api.callsTo('/notice/page').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.getAllByTestId('notice-item')[1]?.className).not.toContain('--unread'));
  });

  it('opens the notice named by ?id= (the dashboard links there)', async () => {
    mockApi({
      '/notice/page': ok({ list: [FRESH], total: 1 }),
      '/notice/detail': ok({ ...DETAIL, lang: 'zh_CN' }),
    });
    renderWithProviders(<NoticePage />, {
      path: '/dashboard/notice',
      initialEntry: '/dashboard/notice?id=9',
    });
    const drawer = await screen.findByTestId('notice-drawer');
    expect((await within(drawer).findByTestId('notice-body')).textContent).toBe('Rates change.Fees');
    // Shown in zh_CN for want of an English text: the merchant is told.
    expect(within(drawer).getByText(/no version in your language/)).toBeTruthy();
  });

  it('says when there are none, and shows a failure with a retry', async () => {
    mockApi({
      '/notice/page': [fail(500, 'The server is busy, please try again later'), ok({ list: [], total: 0 })],
    });
    renderWithProviders(<NoticePage />, { path: '/dashboard/notice' });
    const error = await screen.findByTestId('notice-list-error');
    expect(error.textContent).toContain('The server is busy');
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByText('No notices yet')).toBeTruthy();
  });
});
