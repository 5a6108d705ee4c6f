import { describe, expect, it } from 'vitest';
import { OPS_DEFAULT_TARGET, resolveOpsRedirect } from './ops-redirect';

describe('resolveOpsRedirect', () => {
  it('goes back to a console path the guard came from', () => {
    expect(resolveOpsRedirect('?redirect=%2Fops%2Faudit')).toBe('/ops/audit');
    expect(resolveOpsRedirect('?redirect=%2Fops%2Fmerchants%3Fx%3D1')).toBe('/ops/merchants?x=1');
  });

  it('never leaves the console, nor loops back to its login', () => {
    for (const search of [
      '',
      '?redirect=%2Fdashboard',
      '?redirect=%2F%2Fevil.example',
      '?redirect=%2Fops%2Flogin',
      '?redirect=%2Fopsx',
    ])
      expect(resolveOpsRedirect(search)).toBe(OPS_DEFAULT_TARGET);
  });
});
