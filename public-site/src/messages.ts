// Every user-facing text of the public site (DESIGN: one messages.ts per package; SPEC texts word for word).
export const messages = {
  servicesTitle: 'Services',
  failedToLoadServices: 'Failed to load services',
  loading: 'Loading…',
} as const;
