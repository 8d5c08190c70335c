// The calendar feed's texts: her private link, made, renewed and turned off.
export const calendarFeedMessages = {
  heading: 'Calendar feed',
  intro: 'Your confirmed bookings in your own calendar app (Apple, Google, Outlook): subscribe to a private link.',
  make: 'Make a calendar link',
  urlLabel: 'Your private calendar link',
  copy: 'Copy',
  copied: 'Copied',
  shownOnce:
    'Copy it now and add it to your calendar app as a subscription: it is shown only this once. Anyone with the link sees your confirmed bookings.',
  on: 'Your calendar link is on.',
  renew: 'Make a new link',
  revoke: 'Turn off',
  renewTitle: 'Make a new calendar link?',
  revokeTitle: 'Turn off the calendar link?',
  oldStops: 'The current link stops working in every calendar that subscribes to it.',
  failed: 'The calendar link could not be changed. Please try again.',
} as const;
