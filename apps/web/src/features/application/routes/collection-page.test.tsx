import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail, OrderRecord } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import CollectionPage from './collection-page';

function buildOrder(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    orderNo: 'TG20261125AAAABBBBCCCCDDDDEEEE',
    merchantOrderNo: 'SHOP-1001',
    appId: 'app_0123456789abcdef0123',
    appName: 'My shop',
    currency: 'USDT',
    network: 'TRON',
    amount: '50',
    paidAmount: '50',
    fee: '0.4',
    status: 'completed',
    exception: null,
    payAddress: 'TFWy9xgYgk7UrJeTHcPLtXB2frgacHCvZX',
    cashierUrl: 'http://localhost/pay/TG20261125AAAABBBBCCCCDDDDEEEE',
    txHash: 'ab'.repeat(32),
    test: true,
    createdAt: '2026-11-25T02:00:00.000Z',
    expiresAt: '2026-11-25T02:30:00.000Z',
    completedAt: '2026-11-25T02:01:00.000Z',
    type: 'collection',
    ...overrides,
  };
}

function buildDetail(order: OrderRecord): OrderDetail {
  return {
    order: {
      ...order,
      description: 'Two coffees',
      language: 'en_US',
      callbackUrl: '',
      redirectUrl: '',
      arrivedAt: '2026-11-25T02:00:30.000Z',
      fiat: 'CNY',
      fiatAmount: '28880.5',
    },
    withdrawal: null,
    transfers: [
      {
        chainId: 'TRON',
        txHash: order.txHash ?? '',
        logIndex: 0,
        fromAddress: 'TXYZ',
        toAddress: order.payAddress ?? '',
        coinName: 'USDT',
        amount: '1000000.5',
        blockHeight: 12,
        status: 'credited',
        confirmations: 5,
        confirmationsRequired: 3,
        seenAt: '2026-11-25T02:00:30.000Z',
        creditedAt: '2026-11-25T02:01:00.000Z',
      },
    ],
    deliveryLog: {
      pushStatus: 'delivered',
      notificationSuccess: true,
      nextAttemptAt: null,
      resendBlockedBy: null,
      attempts: [
        {
          eventId: 'evt_1',
          eventType: 'collection.completed',
          attempt: 2,
          createdAt: '2026-11-25T02:01:05.000Z',
          url: 'https://shop.example.com/notify',
          requestBody: '{"id":"evt_1"}',
          responseStatus: 200,
          responseBody: 'success',
          durationMs: 38,
          error: null,
          errorCode: null,
          acknowledged: true,
        },
        {
          eventId: 'evt_1',
          eventType: 'collection.completed',
          attempt: 1,
          createdAt: '2026-11-25T02:01:01.000Z',
          url: 'https://shop.example.com/notify',
          requestBody: '{"id":"evt_1"}',
          responseStatus: 500,
          responseBody: 'oops',
          durationMs: 12,
          error: 'not acknowledged: HTTP 500 without "success" or "ok"',
          errorCode: 'not_acknowledged',
          acknowledged: false,
        },
      ],
    },
  };
}

const page = (list: OrderRecord[], total = list.length, totalCapped = false) =>
  ok({ list, total, totalCapped, pageNo: 1, pageSize: 10 });
const COINS = ok([{ coinId: 1, coinName: 'USDT', coinUnit: 'TRON', icon: '' }]);

/** The records page's calls: this page of orders, no applications, USDT's coin. */
const mockRecords = (
  orders: Parameters<typeof mockApi>[0][string],
  more: Parameters<typeof mockApi>[0] = {},
) => mockApi({ '/mchOrder/page': orders, '/app/list': ok({ list: [] }), '/config/coinList': COINS, ...more });

/** The page over an empty first page, once that first search has settled; its API mock. */
async function renderEmptyRecords() {
  const api = mockRecords(page([]));
  renderWithProviders(<CollectionPage />);
  await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(1));
  await waitFor(() =>
    expect(screen.getByTestId('records-search').className).not.toContain('ant-btn-loading'),
  );
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('Platform collection', () => {
  it('shows the intro with the API link, a signed example and the records with a TEST tag', async () => {
    mockRecords(page([buildOrder()]));
    renderWithProviders(<CollectionPage />);
    expect(screen.getByTestId('collection-api-docs').getAttribute('href')).toBe('/api-docs');
    // The server's documentation in the interface's language, at the collection calls.
    const guide = screen.getByTestId('collection-api-guide');
    expect(guide.getAttribute('href')).toBe('/docs/api?lang=en_US#op-createCollection');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.textContent).toContain('API documentation');
    expect(screen.getByTestId('collection-signed-example').textContent).toContain('X-Signature: $SIGNATURE');
    const table = screen.getByTestId('records-table');
    expect(await within(table).findByText('TG20261125AAAABBBBCCCCDDDDEEEE')).toBeTruthy();
    expect(within(table).getByTestId('order-test-tag').textContent).toBe('TEST');
    expect(within(table).getByTestId('order-status').textContent).toBe('Completed');
  });

  it('marks a pending order with part of its amount arrived as partly paid, and only that one', async () => {
    mockRecords(
      page([
        buildOrder({ orderNo: 'TG-PART', status: 'pending', paidAmount: '30', completedAt: null }),
        buildOrder({ orderNo: 'TG-NONE', status: 'pending', paidAmount: '0', completedAt: null }),
      ]),
    );
    renderWithProviders(<CollectionPage />);
    const table = screen.getByTestId('records-table');
    const rowOf = async (orderNo: string) => (await within(table).findByText(orderNo)).closest('tr');
    const part = await rowOf('TG-PART');
    const none = await rowOf('TG-NONE');
    expect(within(part as HTMLElement).getByTestId('order-partly-paid').textContent).toBe('Partly paid');
    expect(within(none as HTMLElement).queryByTestId('order-partly-paid')).toBeNull();
  });

  it('sends the filters it was given, and reset sends none', async () => {
    const api = mockRecords(page([]));
    renderWithProviders(<CollectionPage />);
    await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(1));
    expect(api.callsTo('/mchOrder/page')[0]?.body).toMatchObject({
      type: 'collection',
      pageNo: 1,
      pageSize: 10,
    });
    expect(await screen.findByTestId('empty-data')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('records-search').className).not.toContain('ant-btn-loading'),
    );

    fireEvent.change(screen.getByTestId('filter-orderNo'), { target: { value: ' TG1 ' } });
    fireEvent.change(screen.getByTestId('filter-merchantOrderNo'), { target: { value: 'SHOP-9' } });
    fireEvent.change(screen.getByTestId('filter-amountMin'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('filter-appName'), { target: { value: 'shop' } });
    fireEvent.click(screen.getByTestId('records-search'));
    await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(2));
    expect(api.callsTo('/mchOrder/page')[1]?.body).toEqual({
      type: 'collection',
      pageNo: 1,
      pageSize: 10,
      orderNo: 'TG1',
      merchantOrderNo: 'SHOP-9',
      amountMin: '10',
      appName: 'shop',
      langCode: expect.any(String),
    });

    fireEvent.click(screen.getByTestId('records-reset'));
    await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(3));
    expect(Object.keys(api.callsTo('/mchOrder/page')[2]?.body ?? {}).sort()).toEqual(
      ['langCode', 'pageNo', 'pageSize', 'type'].sort(),
    );
    expect((screen.getByTestId('filter-orderNo') as HTMLInputElement).value).toBe('');
  });

  it('refuses a merchant ID that is not digits before sending, and searches one that is', async () => {
    const api = await renderEmptyRecords();
    fireEvent.change(screen.getByTestId('filter-merchantId'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('records-search'));
    expect(await screen.findByText('The merchant ID is digits only')).toBeTruthy();
    expect(api.callsTo('/mchOrder/page')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('filter-merchantId'), { target: { value: ' 100001 ' } });
    fireEvent.click(screen.getByTestId('records-search'));
    await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(2));
    expect(api.callsTo('/mchOrder/page')[1]?.body).toMatchObject({ merchantId: '100001' });
  });

  it('refuses an amount that is not a number before sending', async () => {
    const api = await renderEmptyRecords();
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: 'ten' } });
    fireEvent.click(screen.getByTestId('records-search'));
    expect(await screen.findByText('Enter a number such as 10.5')).toBeTruthy();
    expect(api.callsTo('/mchOrder/page')).toHaveLength(1);
  });

  it('says beside the field, without sending, a negative or over-long amount and an over-long hash', async () => {
    const api = await renderEmptyRecords();
    fireEvent.change(screen.getByTestId('filter-amountMin'), { target: { value: '-5' } });
    // 35 digits: more than an amount has (the decimal check threw on it before the search).
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: '9'.repeat(35) } });
    fireEvent.change(screen.getByTestId('filter-txHash'), { target: { value: 'a'.repeat(129) } });
    fireEvent.click(screen.getByTestId('records-search'));
    expect(await screen.findByText('Enter an amount of 0 or more')).toBeTruthy();
    expect(
      await screen.findByText('An amount has at most 30 digits before the point and 18 after'),
    ).toBeTruthy();
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(api.callsTo('/mchOrder/page')).toHaveLength(1);
    // Within the limits, it searches.
    fireEvent.change(screen.getByTestId('filter-amountMin'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: '9'.repeat(30) } });
    fireEvent.change(screen.getByTestId('filter-txHash'), { target: { value: 'a'.repeat(128) } });
    fireEvent.click(screen.getByTestId('records-search'));
    await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(2));
  });

  it('refuses an amount range the wrong way round before sending, and takes equal ends', async () => {
    const api = await renderEmptyRecords();
    // Compared as decimals: 10 is above 9.99 (as text "10" < "9.99").
    fireEvent.change(screen.getByTestId('filter-amountMin'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: '9.99' } });
    fireEvent.click(screen.getByTestId('records-search'));
    expect(await screen.findByText('The lower amount cannot be above the upper one')).toBeTruthy();
    expect(api.callsTo('/mchOrder/page')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: '10.0' } });
    fireEvent.click(screen.getByTestId('records-search'));
    await waitFor(() => expect(api.callsTo('/mchOrder/page')).toHaveLength(2));
    expect(api.callsTo('/mchOrder/page')[1]?.body).toMatchObject({ amountMin: '10', amountMax: '10.0' });
  });

  it('opens the detail with transfers and the delivery log, and resends after a confirmation', async () => {
    const order = buildOrder();
    const api = mockRecords(page([order]), {
      '/mchOrder/getById': ok(buildDetail(order)),
      '/mchOrder/callback/resend': ok({
        eventId: 'evt_1',
        eventType: 'collection.completed',
        alreadyQueued: false,
      }),
    });
    renderWithProviders(<CollectionPage />);
    fireEvent.click(await screen.findByTestId('record-detail'));
    const drawer = await screen.findByTestId('order-detail');
    expect(await within(drawer).findByText('Two coffees')).toBeTruthy();
    // An epusdt order shows the fiat price the shop sent; amounts exactly, with separators.
    expect(within(drawer).getByTestId('order-fiat-price').textContent).toBe('28,880.5 CNY');
    expect(api.callsTo('/mchOrder/getById')[0]?.body.id).toBe(order.orderNo);
    const transfers = within(drawer).getByTestId('order-transfers');
    expect(within(transfers).getByText('3 / 3')).toBeTruthy();
    expect(within(transfers).getByText('1,000,000.5 USDT')).toBeTruthy();
    expect(within(transfers).getByText('Credited')).toBeTruthy();
    expect(within(drawer).getByTestId('order-push-status').textContent).toBe('Delivered');
    const attempts = within(drawer).getAllByTestId('order-attempt');
    expect(attempts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('collection.completed · attempt 2Acknowledged'),
      expect.stringContaining('collection.completed · attempt 1Not acknowledged'),
    ]);
    // The failed attempt says what kind of failure it was in the page's language, then the detail.
    fireEvent.click(within(attempts[1] as HTMLElement).getByText(/attempt 1/));
    const failure = await within(within(drawer).getByTestId('order-attempts')).findByTestId('delivery-error');
    expect(failure.textContent).toBe(
      'Answered, but not with "success" or "ok"not acknowledged: HTTP 500 without "success" or "ok"',
    );

    expect(within(drawer).queryByTestId('order-resend-blocked')).toBeNull();
    fireEvent.click(within(drawer).getByTestId('order-resend'));
    fireEvent.click(await screen.findByTestId('order-resend-confirm'));
    await waitFor(() => expect(api.callsTo('/mchOrder/callback/resend')).toHaveLength(1));
    expect(api.callsTo('/mchOrder/callback/resend')[0]?.body.orderNo).toBe(order.orderNo);
    expect(await screen.findByText('Queued: collection.completed will be sent again')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/mchOrder/getById')).toHaveLength(2));
  });

  it.each([
    ['no_event', 'Nothing to resend yet: a notification is sent when the order’s status changes.'],
    [
      'no_callback_url',
      'Nothing to send to: neither this order nor its application has a callback URL. Set one on the application first.',
    ],
  ] as const)(
    'disables "resend" when there is nothing to send (%s), and says why',
    async (blockedBy, reason) => {
      const order = buildOrder();
      const detail = buildDetail(order);
      const api = mockRecords(page([order]), {
        '/mchOrder/getById': ok({
          ...detail,
          deliveryLog: {
            ...detail.deliveryLog,
            attempts: [],
            pushStatus: 'none',
            resendBlockedBy: blockedBy,
          },
        }),
      });
      renderWithProviders(<CollectionPage />);
      fireEvent.click(await screen.findByTestId('record-detail'));
      const drawer = await screen.findByTestId('order-detail');
      const button = (await within(drawer).findByTestId('order-resend')) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(within(drawer).getByTestId('order-resend-blocked').textContent).toBe(reason);
      expect(button.getAttribute('aria-describedby')).toBe('order-resend-blocked');
      fireEvent.click(button);
      expect(screen.queryByTestId('order-resend-confirm')).toBeNull();
      expect(api.callsTo('/mchOrder/callback/resend')).toHaveLength(0);
    },
  );

  it("says an order without a cashier language follows the payer's browser", async () => {
    const order = buildOrder();
    const detail = buildDetail(order);
    mockRecords(page([order]), {
      '/mchOrder/getById': ok({ ...detail, order: { ...detail.order, language: null } }),
    });
    renderWithProviders(<CollectionPage />);
    fireEvent.click(await screen.findByTestId('record-detail'));
    const drawer = await screen.findByTestId('order-detail');
    expect(await within(drawer).findByText("The payer's browser language")).toBeTruthy();
  });

  it('says when the records fail to load, with a retry', async () => {
    const api = mockRecords([fail(500, 'The server is busy'), page([buildOrder()])]);
    renderWithProviders(<CollectionPage />);
    const error = await screen.findByTestId('records-error');
    expect(error.textContent).toContain('Could not load the collection records: The server is busy');
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByText('TG20261125AAAABBBBCCCCDDDDEEEE')).toBeTruthy();
    expect(api.callsTo('/mchOrder/page')).toHaveLength(2);
  });

  it('shows a capped total as "10,000+" in the language, with the pager ending at the window', async () => {
    mockRecords(page([buildOrder()], 10_000, true));
    const { container } = renderWithProviders(<CollectionPage />);
    expect((await screen.findByTestId('records-total-capped')).textContent).toBe(
      '10,000+ records: only the first 10,000 can be paged through, narrow the filters',
    );
    expect(container.querySelector('.ant-pagination-item-1000')).toBeTruthy();
    expect(container.querySelector('.ant-pagination-item-1001')).toBeNull();
  });
});
