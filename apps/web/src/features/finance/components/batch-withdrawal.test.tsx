import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BatchPreview } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { typeGoogleCode } from '../../../../test/google-code';
import { renderWithProviders } from '../../../../test/render';
import { BatchWithdrawal } from './batch-withdrawal';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../api/upload-batch-file', () => ({ uploadBatchFile: upload }));

afterEach(() => {
  vi.unstubAllGlobals();
  upload.mockReset();
});

const TRON = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const merchant = (googleState: boolean) =>
  ok({
    merchantId: '100001',
    email: 'm@example.com',
    phone: null,
    countryCode: null,
    googleState,
    lang: 'en_US',
    createdAt: '2026-11-20T00:00:00.000Z',
  });

const row = (line: number, error: string | null = null) => ({
  line,
  coinName: 'USDT',
  chainId: 'TRON',
  address: TRON,
  amount: String(10 + line),
  fee: error ? null : '1',
  remark: '',
  error,
});

function previewOf(rows: ReturnType<typeof row>[], enough = true): BatchPreview {
  return {
    batchId: `B${'A'.repeat(24)}`,
    rowCount: rows.length,
    errorCount: rows.filter((r) => r.error).length,
    rows,
    totals: [
      {
        coinName: 'USDT',
        amount: '500',
        fee: '20',
        total: '520',
        available: enough ? '1000' : '100',
        enough,
      },
    ],
  };
}

async function chooseFile(name: string, size = 10) {
  const input = screen.getByTestId('batch-upload').querySelector('input[type=file]') as HTMLInputElement;
  const file = new File(['x'.repeat(size)], name);
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  return file;
}

describe('BatchWithdrawal', () => {
  it('uploads with progress, previews the errors with an only-errors filter and pages, and blocks submit with the reason', async () => {
    const rows = [
      ...Array.from({ length: 18 }, (_, i) => row(i + 2)),
      row(20, 'Not a valid TRON address'),
      row(21, 'Duplicate of line 2 (same coin, chain, address and amount)'),
    ];
    const api = mockApi({
      '/merchant/info': merchant(true),
      '/merchant/account/withdrawal/batch/preview': ok(previewOf(rows)),
    });
    let progress: (percent: number) => void = () => undefined;
    let finish: (value: unknown) => void = () => undefined;
    upload.mockImplementation((_file: File, onProgress: (percent: number) => void) => {
      progress = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderWithProviders(<BatchWithdrawal />);
    const file = await chooseFile('payroll.xlsx');
    expect(upload).toHaveBeenCalledWith(file, expect.any(Function));
    act(() => progress(40));
    expect(
      within(screen.getByTestId('batch-progress')).getByRole('progressbar').getAttribute('aria-valuenow'),
    ).toBe('40');
    await act(async () => finish({ key: 'batch/1/abc.xlsx', url: '', contentType: 'x', sizeBytes: 10 }));
    await screen.findByTestId('batch-preview');
    expect(api.callsTo('/merchant/account/withdrawal/batch/preview')[0]?.body).toMatchObject({
      fileKey: 'batch/1/abc.xlsx',
      fileName: 'payroll.xlsx',
    });
    expect(screen.getByTestId('batch-error-count').textContent).toBe('2 with errors');
    const table = screen.getByTestId('batch-rows');
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + a page of 10
    fireEvent.click(screen.getByTestId('batch-only-errors'));
    const errorRows = within(table).getAllByRole('row').slice(1);
    expect(errorRows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Not a valid TRON address'),
      expect.stringContaining('Duplicate of line 2'),
    ]);
    expect(screen.getByTestId('batch-blocked').textContent).toContain(
      'Rows with errors: 2. Fix them in the file and upload it again.',
    );
    expect((screen.getByTestId('batch-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a wrong extension before sending, says when a total does not fit, and submits a clean batch', async () => {
    const api = mockApi({
      '/merchant/info': merchant(true),
      '/merchant/account/withdrawal/batch/preview': [
        ok(previewOf([row(2), row(3)], false)),
        ok(previewOf([row(2), row(3)], true)),
      ],
      '/merchant/account/withdrawal/batch/submit': [
        fail(1203, 'Incorrect Google Authenticator code'),
        // Only the statuses matter to the result's hint (both wait for review: no "others").
        ok({
          batchId: `B${'A'.repeat(24)}`,
          count: 2,
          withdrawals: [{ status: 'pending_review' }, { status: 'pending_review' }],
        }),
      ],
    });
    upload.mockResolvedValue({ key: 'batch/1/abc.csv', url: '', contentType: 'text/csv', sizeBytes: 10 });
    renderWithProviders(<BatchWithdrawal />);
    await chooseFile('payroll.pdf');
    expect(screen.getByTestId('batch-error').textContent).toBe(
      'Please upload in the specified format (.xlsx or .csv)',
    );
    expect(upload).not.toHaveBeenCalled();

    await chooseFile('payroll.csv');
    await screen.findByTestId('batch-preview');
    expect(screen.getByTestId('batch-enough-USDT').textContent).toBe('Not enough');
    expect(screen.getByTestId('batch-blocked').textContent).toBe(
      'Not enough USDT: the batch needs 520 (amounts and fees), 100 is available.',
    );
    await chooseFile('payroll-fixed.csv');
    await waitFor(() => expect(screen.getByTestId('batch-enough-USDT').textContent).toBe('Enough'));
    expect(screen.queryByTestId('batch-blocked')).toBeNull();
    typeGoogleCode('batch-google-code', '123456');
    fireEvent.click(screen.getByTestId('batch-submit'));
    expect((await screen.findByTestId('batch-submit-error')).textContent).toBe(
      'Incorrect Google Authenticator code',
    );
    fireEvent.click(screen.getByTestId('batch-submit'));
    const result = await screen.findByTestId('batch-result');
    expect(result.textContent).toContain('2 withdrawals submitted');
    expect(result.textContent).toContain('All of them wait for review.');
    expect(result.textContent).not.toContain('the others');
    expect(api.callsTo('/merchant/account/withdrawal/batch/submit').at(-1)?.body).toMatchObject({
      batchId: `B${'A'.repeat(24)}`,
      googleCode: '123456',
    });
  });

  it('says where to bind Google Authenticator, and shows an upload failure', async () => {
    mockApi({
      '/merchant/info': merchant(false),
      '/merchant/account/withdrawal/batch/preview': fail(1001, 'The file is empty'),
    });
    upload.mockResolvedValueOnce({ key: 'batch/1/a.csv', url: '', contentType: 'text/csv', sizeBytes: 0 });
    renderWithProviders(<BatchWithdrawal />);
    await chooseFile('empty.csv');
    expect((await screen.findByTestId('batch-error')).textContent).toBe('The file is empty');
    upload.mockRejectedValueOnce(new Error('Upload failed'));
    await chooseFile('a.csv');
    expect((await screen.findByTestId('batch-error')).textContent).toBe('Upload failed');
    upload.mockResolvedValueOnce({ key: 'batch/1/b.csv', url: '', contentType: 'text/csv', sizeBytes: 1 });
    mockApi({
      '/merchant/info': merchant(false),
      '/merchant/account/withdrawal/batch/preview': ok(previewOf([row(2)])),
    });
    await chooseFile('b.csv');
    expect(await screen.findByTestId('batch-need-google')).toBeTruthy();
    expect((screen.getByTestId('batch-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
