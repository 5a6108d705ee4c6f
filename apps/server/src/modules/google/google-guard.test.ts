import { ErrorCode } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { requireGoogleBound } from './google-guard';

describe('requireGoogleBound', () => {
  it('hands back the bound secret', () => {
    expect(requireGoogleBound({ googleState: true, googleSecret: 'JBSWY3DPEHPK3PXP' })).toBe(
      'JBSWY3DPEHPK3PXP',
    );
  });

  it.each([
    [{ googleState: false, googleSecret: null }],
    // A pending secret offered by /google/check is not a binding.
    [{ googleState: false, googleSecret: 'JBSWY3DPEHPK3PXP' }],
    [{ googleState: true, googleSecret: null }],
  ])('refuses %j with 1201 (403)', (merchant) => {
    const attempt = () => requireGoogleBound(merchant);
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect((error as AppError).code).toBe(ErrorCode.GOOGLE_NOT_BOUND);
      expect((error as AppError).statusCode).toBe(403);
    }
  });
});
