import { describe, expect, it } from 'vitest';
import { resolveRedirectTarget } from './redirect-target';

describe('resolveRedirectTarget', () => {
  it.each([
    ['', '/dashboard'],
    ['?redirect=%2FfundFlow', '/fundFlow'],
    ['?redirect=%2Fmerchant%2Finfo%3Ftab%3D1', '/merchant/info?tab=1'],
    ['?redirect=https%3A%2F%2Fevil.example', '/dashboard'],
    ['?redirect=%2F%2Fevil.example', '/dashboard'],
    ['?redirect=%2Flogin', '/dashboard'],
    ['?redirect=%2F', '/dashboard'],
  ])('%s -> %s', (search, expected) => {
    expect(resolveRedirectTarget(search)).toBe(expected);
  });
});
