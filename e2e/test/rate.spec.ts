import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';

/** The rate page (SPEC "Rate table", GET /front/merchant/fee-info), as seeded by migration. */
const CHAINS = ['ETH', 'TRON', 'BSC', 'POLYGON', 'DOGE'];

async function openRates(page: Page) {
  await page.goto('/merchant/rate');
  await expect(page.getByTestId('rate-chain-DOGE')).toBeVisible();
}

test('the rate page shows each chain with its currencies, rates and fees (zh_CN)', async ({
  loggedInPage: page,
}) => {
  await openRates(page);
  const cards = page.locator('[data-testid^="rate-chain-"]');
  await expect(cards).toHaveCount(CHAINS.length);
  const ids = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  expect(ids).toEqual(CHAINS.map((chain) => `rate-chain-${chain}`));
  await expect(page.getByTestId('rate-chain-ETH')).toContainText('Ethereum');
  const tron = page.getByTestId('rate-table-TRON');
  await expect(tron.getByRole('columnheader')).toHaveText(['币种', '收款费率', '代付手续费']);
  await expect(tron.getByRole('row', { name: /USDT-TRC20/ })).toContainText('0.8%');
  await expect(tron.getByRole('row', { name: /USDT-TRC20/ })).toContainText('1 USDT');
  await expect(page.getByTestId('rate-table-DOGE').getByRole('row', { name: /DOGE/ })).toContainText('1%');
  // Ether itself, the third currency on Ethereum, with its fee in ether.
  const ether = page.getByTestId('rate-table-ETH').getByRole('row').nth(3);
  await expect(ether).toContainText('0.8%');
  await expect(ether).toContainText('0.0015 ETH');
  await expect(page.getByTestId('page-rate').getByTestId('empty-data')).toHaveCount(0);
});

test('the rate page speaks the interface language (en_US)', async ({ loggedInPage: page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en_US'));
  await openRates(page);
  await expect(page.getByRole('heading', { name: 'Payment rates' })).toBeVisible();
  await expect(page.getByTestId('rate-table-BSC').getByRole('columnheader')).toHaveText([
    'Currency',
    'Collection rate',
    'Payout fee',
  ]);
  await expect(page.getByTestId('rate-intro')).toContainText('fixed amount of the currency');
});
