import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { buildOpsDetail, buildOpsWithdrawal, loadOpsTexts, page } from '../test-support';
import OpsQueuePage from './ops-queue-page';

beforeAll(loadOpsTexts);
afterEach(() => vi.unstubAllGlobals());

const PENDING = buildOpsWithdrawal();
const RUNTIME = ok({ chainMode: 'devnet', chains: [] });

const dialog = () => screen.findByTestId('ops-review-dialog');
// The table is looked up on each try: it changes shape (sideways scrolling) once it has rows.
const rowOf = () =>
  waitFor(() =>
    within(screen.getByTestId('ops-queue-table')).getByRole('row', { name: /demo@tollgate\.dev/ }),
  );

describe('OpsQueuePage', () => {
  it('shows a red line for each server warning while the server says it is set, none otherwise', async () => {
    mockApi({
      '/ops/withdrawals/page': ok(page([PENDING])),
      '/config/runtime': RUNTIME,
      '/ops/server-warnings': ok({ warnings: ['privateCallbacksAllowed'] }),
    });
    const { unmount } = renderWithProviders(<OpsQueuePage />);
    const line = await screen.findByTestId('ops-server-warning-privateCallbacksAllowed');
    expect(line.className).toContain('ant-alert-error');
    expect(line.textContent).toContain(
      'ALLOW_PRIVATE_CALLBACKS=1 is set: callbacks may reach private and loopback',
    );
    unmount();

    const api = mockApi({
      '/ops/withdrawals/page': ok(page([PENDING])),
      '/config/runtime': RUNTIME,
      '/ops/server-warnings': ok({ warnings: [] }),
    });
    renderWithProviders(<OpsQueuePage />);
    await rowOf();
    await waitFor(() => expect(api.callsTo('/ops/server-warnings')).toHaveLength(1));
    expect(screen.queryByTestId('ops-server-warnings')).toBeNull();
  });

  it('lists the queue (pending review by default) with the amounts as sent', async () => {
    const api = mockApi({ '/ops/withdrawals/page': ok(page([PENDING])), '/config/runtime': RUNTIME });
    renderWithProviders(<OpsQueuePage />);
    const row = await rowOf();
    expect(row.textContent).toContain('1,500 USDT');
    expect(row.textContent).toContain('≈ 1,501.00 USDT');
    expect(row.textContent).toContain('Pending review');
    expect(api.callsTo('/ops/withdrawals/page')[0]?.body).toEqual(
      expect.objectContaining({ status: 'pending_review', pageNo: 1, pageSize: 20 }),
    );
  });

  it('lists every status under "All", which it sends as such (left out, the server answers the queue)', async () => {
    const REJECTED = buildOpsWithdrawal({ withdrawalNo: 'WD-rejected', status: 'rejected', reason: 'KYC' });
    const api = mockApi({
      // The queue first, then (the search) every status.
      '/ops/withdrawals/page': [ok(page([PENDING])), ok(page([PENDING, REJECTED]))],
      '/config/runtime': RUNTIME,
    });
    renderWithProviders(<OpsQueuePage />);
    await rowOf();
    fireEvent.mouseDown(
      within(screen.getByTestId('ops-queue-filters')).getByRole('combobox', { name: /status/i }),
    );
    fireEvent.click(await screen.findByText('All', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('ops-queue-search'));
    await waitFor(() =>
      expect(api.callsTo('/ops/withdrawals/page').at(-1)?.body).toEqual(
        expect.objectContaining({ status: 'all', pageNo: 1 }),
      ),
    );
    const table = screen.getByTestId('ops-queue-table');
    expect(await within(table).findByText('Rejected')).toBeTruthy();
  });

  it('approves only after the confirmation, which says it will be sent on chain', async () => {
    const api = mockApi({
      '/ops/withdrawals/page': [ok(page([PENDING])), ok(page([]))],
      '/ops/withdrawals/approve': ok({ withdrawal: { ...PENDING, status: 'processing' } }),
      '/config/runtime': RUNTIME,
    });
    renderWithProviders(<OpsQueuePage />);
    fireEvent.click(within(await rowOf()).getByTestId('ops-queue-approve'));
    const modal = await dialog();
    expect(within(modal).getByTestId('ops-review-text').textContent).toBe(
      'Approve this withdrawal? It will be sent on chain.',
    );
    // Cancelling sends nothing.
    fireEvent.click(within(modal).getByTestId('ops-review-cancel'));
    await waitFor(() => expect(screen.queryByTestId('ops-review-dialog')).toBeNull());
    expect(api.callsTo('/ops/withdrawals/approve')).toHaveLength(0);

    fireEvent.click(within(await rowOf()).getByTestId('ops-queue-approve'));
    fireEvent.click(within(await dialog()).getByTestId('ops-review-confirm'));
    expect(
      await screen.findByText(`Withdrawal ${PENDING.withdrawalNo} approved: it is being sent`),
    ).toBeTruthy();
    expect(api.callsTo('/ops/withdrawals/approve').map((call) => call.body)).toEqual([
      expect.objectContaining({ withdrawalNo: PENDING.withdrawalNo, failOnChain: false }),
    ]);
    // The queue is read again: the approved one has left it.
    expect(await screen.findByText('No withdrawals are waiting for review')).toBeTruthy();
  });

  it('rejects only with a reason, after the confirmation that the amount and fee return; a refusal stays in the dialog', async () => {
    const api = mockApi({
      '/ops/withdrawals/page': ok(page([PENDING])),
      '/ops/withdrawals/reject': [
        fail(3301, 'The withdrawal is no longer pending review'),
        ok({ withdrawal: { ...PENDING, status: 'rejected', reason: 'Address flagged' } }),
      ],
      '/config/runtime': RUNTIME,
    });
    renderWithProviders(<OpsQueuePage />);
    fireEvent.click(within(await rowOf()).getByTestId('ops-queue-reject'));
    const modal = await dialog();
    expect(within(modal).getByTestId('ops-review-text').textContent).toBe(
      "Reject this withdrawal? The amount and fee return to the merchant's available balance.",
    );
    fireEvent.click(within(modal).getByTestId('ops-review-confirm'));
    expect(await within(modal).findByText('Enter the reason for rejecting')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('ops-reject-reason'), { target: { value: '   ' } });
    fireEvent.click(within(modal).getByTestId('ops-review-confirm'));
    await within(modal).findByText('Enter the reason for rejecting');
    expect(api.callsTo('/ops/withdrawals/reject')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('ops-reject-reason'), {
      target: { value: ' Address flagged ' },
    });
    fireEvent.click(within(modal).getByTestId('ops-review-confirm'));
    expect((await within(modal).findByTestId('ops-review-error')).textContent).toContain('no longer pending');
    fireEvent.click(within(modal).getByTestId('ops-review-confirm'));
    expect(await screen.findByText(`Withdrawal ${PENDING.withdrawalNo} rejected`)).toBeTruthy();
    expect(api.callsTo('/ops/withdrawals/reject').at(-1)?.body).toEqual(
      expect.objectContaining({ withdrawalNo: PENDING.withdrawalNo, reason: 'Address flagged' }),
    );
  });

  it('opens the detail: merchant, balances, threshold, a never-seen address flagged; devnet offers fail on chain', async () => {
    const api = mockApi({
      '/ops/withdrawals/page': ok(page([PENDING])),
      '/ops/withdrawals/detail': ok(buildOpsDetail(PENDING)),
      '/ops/withdrawals/approve': ok({ withdrawal: { ...PENDING, status: 'processing', failOnChain: true } }),
      '/config/runtime': RUNTIME,
    });
    renderWithProviders(<OpsQueuePage />);
    fireEvent.click(within(await rowOf()).getByTestId('ops-queue-detail'));
    const drawer = await screen.findByTestId('ops-withdrawal-drawer');
    expect((await within(drawer).findByTestId('ops-drawer-new-address')).textContent).toContain(
      'New address',
    );
    const merchant = within(drawer).getByTestId('ops-drawer-merchant');
    expect(merchant.textContent).toContain('1,000 USDT');
    expect(merchant.textContent).toContain('USDT 2,000.5');
    expect(merchant.textContent).toContain('frozen 1,501');
    expect(merchant.textContent).not.toContain('DOGE');
    fireEvent.click(within(drawer).getByTestId('ops-drawer-fail'));
    const modal = await dialog();
    expect(within(modal).getByTestId('ops-review-text').textContent).toContain('Devnet only');
    fireEvent.click(within(modal).getByTestId('ops-review-confirm'));
    await waitFor(() => expect(api.callsTo('/ops/withdrawals/approve')).toHaveLength(1));
    expect(api.callsTo('/ops/withdrawals/approve')[0]?.body).toEqual(
      expect.objectContaining({ withdrawalNo: PENDING.withdrawalNo, failOnChain: true }),
    );
  });

  it('shows a failed load with a retry, and no devnet action in live mode', async () => {
    mockApi({
      '/ops/withdrawals/page': [fail(500, 'Server error'), ok(page([PENDING]))],
      '/ops/withdrawals/detail': ok(buildOpsDetail(PENDING)),
      '/config/runtime': ok({ chainMode: 'live', chains: [] }),
    });
    renderWithProviders(<OpsQueuePage />);
    const error = await screen.findByTestId('ops-queue-error');
    expect(error.textContent).toContain('Server error');
    fireEvent.click(within(error).getByRole('button'));
    fireEvent.click(within(await rowOf()).getByTestId('ops-queue-detail'));
    const drawer = await screen.findByTestId('ops-withdrawal-drawer');
    await within(drawer).findByTestId('ops-drawer-approve');
    expect(within(drawer).queryByTestId('ops-drawer-fail')).toBeNull();
  });
});
