// The texts of her trusted devices: the list, and signing one out.
export const trustedDeviceMessages = {
  heading: 'Your devices',
  intro:
    'Devices you marked as yours when signing in stay signed in for 30 days after their last use. End one you no longer use or have lost.',
  none: 'No device is kept signed in. Tick “This is my device” when you sign in to stay signed in for 30 days.',
  thisDevice: 'This device',
  added: (when: string) => `Added ${when}`,
  lastUsed: (when: string) => `Last used ${when}`,
  end: 'Sign out',
  endLabel: (name: string) => `Sign out ${name}`,
  endTitle: 'Sign out this device?',
  endText: (name: string) => `“${name}” will be signed out now and will need to sign in again.`,
  endThisText: 'This is the device you are using: you will be signed out now.',
  ending: 'Signing out…',
  ended: (name: string) => `“${name}” was signed out.`,
  endFailed: 'The device could not be signed out. Please try again.',
  loadFailed: 'Failed to load your devices.',
} as const;
