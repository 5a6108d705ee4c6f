import { describe, expect, it } from 'vitest';
import { computeAccountInfo, computeAccountOverview } from './account-balance';

const row = (coinName: string, available: string | null, frozen: string | null, rate: string | null) => ({
  coinName,
  icon: `/coins/${coinName.toLowerCase()}.svg`,
  available,
  frozen,
  rate,
});

describe('computeAccountInfo', () => {
  it('is zero for a merchant without balances', () => {
    expect(computeAccountInfo([row('USDT', null, null, '1'), row('ETH', null, null, '3450.25')])).toEqual({
      totalBalance: '0',
      userBalanceList: [
        { coinName: 'USDT', available: '0', frozen: '0', rate: '1', usdtValue: '0', icon: '/coins/usdt.svg' },
        {
          coinName: 'ETH',
          available: '0',
          frozen: '0',
          rate: '3450.25',
          usdtValue: '0',
          icon: '/coins/eth.svg',
        },
      ],
    });
  });

  it('adds decimals that floats get wrong', () => {
    // In JS numbers 0.1 + 0.2 = 0.30000000000000004.
    const info = computeAccountInfo([
      row('USDT', '0.100000000000000000', '0.200000000000000000', '1.000000000000000000'),
    ]);
    expect(info.userBalanceList[0]?.usdtValue).toBe('0.3');
    expect(info.totalBalance).toBe('0.3');
  });

  it('keeps 18 decimals and 20 integer digits exact', () => {
    const info = computeAccountInfo([
      row('ETH', '0.000000000000000001', '0', '3450.25'),
      row('DOGE', '12345678901234567890.123456789012345678', '0.000000000000000001', '0.1642'),
      row('USDT', '99999999999999999999.999999999999999999', '0', '1'),
    ]);
    expect(info.userBalanceList.map((b) => b.usdtValue)).toEqual([
      '0.00000000000000345', // 1e-18 × 3450.25 = 0.00000000000000345025: cut at 18 decimals, not rounded
      '2027160475582716047.55827160475582716',
      '99999999999999999999.999999999999999999',
    ]);
    expect(info.userBalanceList[1]?.available).toBe('12345678901234567890.123456789012345678');
    // Summed from the exact products (checked with Python's decimal module at 80 digits).
    expect(info.totalBalance).toBe('102027160475582716047.558271604755830609');
  });

  it('counts a currency without a rate as worth nothing', () => {
    expect(computeAccountInfo([row('NEW', '5', '0', null), row('USDT', '2', '1', '1')]).totalBalance).toBe(
      '3',
    );
  });
});

describe('computeAccountOverview', () => {
  it('shares the total out largest first, ties in seed order, rounded half up to 6 decimals', () => {
    const overview = computeAccountOverview([
      row('USDT', '1', null, '1'),
      row('USDC', '1', null, '1'),
      row('ETH', null, null, '3450.25'),
      row('TRX', '3', '1', '0.25'),
      row('DOGE', '2', null, null),
    ]);
    expect(overview.totalUsdt).toBe('3');
    expect(overview.distribution).toEqual([
      { coinName: 'USDT', usdtValue: '1', share: '0.333333' },
      { coinName: 'USDC', usdtValue: '1', share: '0.333333' },
      { coinName: 'TRX', usdtValue: '1', share: '0.333333' },
    ]);
    expect(overview.assets.map((asset) => asset.coinName)).toEqual(['USDT', 'USDC', 'ETH', 'TRX', 'DOGE']);
    // A currency without a rate is listed with its balance, worth nothing, and left out of the shares.
    expect(overview.assets[4]).toEqual({
      coinName: 'DOGE',
      icon: '/coins/doge.svg',
      available: '2',
      frozen: '0',
      usdtValue: '0',
    });
  });

  it('rounds a share half up', () => {
    const { distribution } = computeAccountOverview([
      row('USDT', '2', null, '1'),
      row('USDC', '1', null, '1'),
    ]);
    expect(distribution.map((entry) => entry.share)).toEqual(['0.666667', '0.333333']);
  });
});
