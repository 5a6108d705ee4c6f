import type { MerchantProfile } from '@tollgate/contracts';

/** Server answers for component tests, built fresh per call with the overrides a test needs. */
export function buildProfile(overrides: Partial<MerchantProfile> = {}): MerchantProfile {
  return {
    merchantId: '100007',
    loginAccount: 'ana@shop.dev',
    createdAt: '2026-03-04T05:06:07Z',
    phone: null,
    countryCode: null,
    googleState: false,
    hasPassword: true,
    loginRecords: [],
    ...overrides,
  };
}
