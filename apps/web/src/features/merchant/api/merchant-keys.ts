/** Query keys of the logged-in merchant. */
export const merchantKeys = {
  all: ['merchant'] as const,
  info: () => [...merchantKeys.all, 'info'] as const,
};
