/** Query keys of the logged-in merchant: invalidating `all` refreshes every view of the account. */
export const merchantKeys = {
  all: ['merchant'] as const,
  info: () => [...merchantKeys.all, 'info'] as const,
  profile: () => [...merchantKeys.all, 'profile'] as const,
  loginInfo: () => [...merchantKeys.all, 'loginInfo'] as const,
  googleCheck: () => [...merchantKeys.all, 'googleCheck'] as const,
  feeInfo: () => [...merchantKeys.all, 'feeInfo'] as const,
  whitelist: () => [...merchantKeys.all, 'whitelist'] as const,
};
