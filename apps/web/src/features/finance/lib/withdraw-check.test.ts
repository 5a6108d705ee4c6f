import { describe, expect, it } from 'vitest';
import { checkAddress, checkAmount, maxAmount, totalOf } from './withdraw-check';

const terms = { decimals: 6, min: '10', max: '100000', fee: '1', available: '100', coin: 'USDT' };

describe('withdraw checks', () => {
  it('checks the address shape of the chain family', () => {
    expect(checkAddress('ETH', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBeNull();
    expect(checkAddress('BSC', ' 0x9858effd232b4033e47d90003d41ec34ecaeda94 ')).toBeNull();
    expect(checkAddress('TRON', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBeNull();
    expect(checkAddress('DOGE', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC')).toBeNull();
    expect(checkAddress('TRON', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toEqual({
      key: 'assets.withdraw.addressFormat',
      values: { chain: 'TRON' },
    });
    expect(checkAddress('ETH', '0x123')).not.toBeNull();
    expect(checkAddress('DOGE', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).not.toBeNull();
    // A live node on regtest or testnet (DOGE_NETWORK): its P2PKH addresses pass the shape too.
    expect(checkAddress('DOGE', 'n2BtB3KcBSDRBymAhY3EtdbuR3AQqjrxLo')).toBeNull();
    expect(checkAddress('DOGE', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).not.toBeNull();
  });

  it('checks the amount: a number, decimals, limits, and amount + fee within the available', () => {
    expect(checkAmount('20', terms)).toBeNull();
    expect(checkAmount('99', terms)).toBeNull();
    expect(checkAmount('abc', terms)?.key).toBe('messages.validation.decimal');
    expect(checkAmount('1e3', terms)?.key).toBe('messages.validation.decimal');
    expect(checkAmount('0', terms)?.key).toBe('messages.validation.collection.amount');
    expect(checkAmount('10.0000001', terms)).toEqual({
      key: 'assets.withdraw.decimals',
      values: { decimals: 6 },
    });
    expect(checkAmount('9.99', terms)?.values).toEqual({ min: '10', coin: 'USDT' });
    expect(checkAmount('100000.5', { ...terms, available: '1000000' })?.values).toEqual({
      max: '100,000',
      coin: 'USDT',
    });
    expect(checkAmount('99.5', terms)).toEqual({
      key: 'assets.withdraw.insufficient',
      values: { available: '100', coin: 'USDT' },
    });
  });

  it('gives the most that can be withdrawn, and the total with the fee, exactly', () => {
    expect(maxAmount(terms)).toBe('99');
    expect(maxAmount({ available: '0.5', fee: '1', decimals: 6 })).toBe('0');
    expect(maxAmount({ available: '1.23456789', fee: '0.1', decimals: 6 })).toBe('1.134567');
    expect(totalOf('0.1', '0.2')).toBe('0.3');
    expect(totalOf('x', '1')).toBeNull();
  });
});
