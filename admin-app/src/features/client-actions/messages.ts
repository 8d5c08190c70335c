// The texts of what clients did: the dashboard's badge, its list and the digest setting.
export const clientActionMessages = {
  button: 'Client activity',
  /** The button's word on a phone, where the header is one line; its accessible name stays `button`. */
  buttonShort: 'Activity',
  unseen: (n: number) => (n === 1 ? '1 client action you have not seen' : `${n} client actions you have not seen`),
  heading: 'What clients did',
  empty: 'Nothing yet. Cancellations, move requests, contracts opened or signed and messages show here.',
  open: 'Open the booking',
  reply: 'Reply',
  loadFailed: 'Client activity could not be loaded.',
  askedFor: (date: string) => `Asked for ${date}`,
  version: (v: string) => `Contract version ${v}`,
  digestHeading: 'Client e-mails',
  digestToggle: 'One digest a day instead of an e-mail per client action',
  digestOn: 'You get one e-mail each morning listing what clients did.',
  digestOff: 'You get an e-mail as soon as a client cancels, asks to move, opens or signs a contract, or writes.',
  digestSaveFailed: 'Your choice could not be saved. Please try again.',
  digestLoadFailed: 'This setting could not be loaded.',
};
