// "This is my device", as she ticked it on the sign-in form of this browser. An e-mail link opened in the
// same browser completes sign-in without asking again (finish-sign-in-page.tsx), so the choice is kept here until
// then, beside the e-mail the adapter keeps. Storage can be missing or refuse: then nothing is kept, and the finish
// page treats the device as not hers (the safe side: 2 hours).
const KEY = 'studio.trustThisDevice';

const attempt = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

export const trustDeviceChoice = {
  remember(trusted: boolean): void {
    attempt(() => (trusted ? localStorage.setItem(KEY, '1') : localStorage.removeItem(KEY)), undefined);
  },
  read(): boolean {
    return attempt(() => localStorage.getItem(KEY) === '1', false);
  },
  forget(): void {
    attempt(() => localStorage.removeItem(KEY), undefined);
  },
};
