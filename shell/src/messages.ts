// Every user-facing text of the shell (DESIGN: one messages.ts per package; SPEC texts word for word).
export const messages = {
  loading: 'Loading…',
  remoteFailedTitle: 'This part of the site could not be loaded.',
  remoteFailedBody: 'Check your connection, then try again.',
  retry: 'Retry',
  accessDenied: 'Access Denied: You do not have permission to access this page.',
  nav: { home: 'Home', portfolio: 'Portfolio', about: 'About', book: 'Book', admin: 'Admin' },
  signedIn: 'Signed in',
  skipToContent: 'Skip to content',
  theme: { toDark: 'Switch to dark theme', toLight: 'Switch to light theme' },
} as const;
