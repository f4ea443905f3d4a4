/** Query keys, one place, so invalidation and cache seeding agree. */
export const queryKeys = {
  currentUser: ['users', 'me'] as const,
};
