// The dashboard's own texts (its header, tabs, footer and live-update alerts) and the words every feature's dialogs
// share. Each feature's texts are in its folder's messages.ts, so a lazy tab's texts load with it. docs/product.md's
// texts word for word.
export const messages = {
  title: 'Dashboard',
  intro: 'Booking requests, availability, contracts and your site.',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  signOutFailed: 'Sign-out failed. Try again.',
  tabsLabel: 'Dashboard sections',
  release: (name: string) => `Studio ${name}`,
  tabs: { bookings: 'Bookings', availability: 'Availability', content: 'Content', deployments: 'Deployments' },
  loading: 'Loading…',
  liveStopped: 'Live updates stopped: please sign in again.',
  liveFailed: 'Live updates are interrupted. Reload the page to try again.',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  saveFailed: 'Saving failed. Please try again.',
  delete: 'Delete',
  remove: 'Remove',
  yes: 'Yes',
  no: 'No',
} as const;
