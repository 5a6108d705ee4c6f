/** Query keys of "My applications": invalidating `all` refreshes the cards. */
export const applicationKeys = {
  all: ['applications'] as const,
  list: () => [...applicationKeys.all, 'list'] as const,
  telegram: () => [...applicationKeys.all, 'telegram'] as const,
};
