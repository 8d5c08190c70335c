// The e-mail a sign-in link was sent to, kept on this device until sign-in completes (docs/product.md §7: "complete
// sign-in with the link and the e-mail kept in local storage"), so that a link opened in the same browser signs in
// without asking again. Storage can be missing or refuse (private modes, Node): then nothing is kept, and the finish
// page asks for the e-mail.

/** The parts of Web Storage used here (localStorage in a browser). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Kept under one key on both homes (the shell's Firebase sign-in forgets it here once the link is spent), the one the
 * shell used before the port kept it: a link mailed before an update works.
 */
export const EMAIL_FOR_SIGN_IN_KEY = 'studio.emailForSignIn';

/** A store that lives as long as the page (tests, and where there is no localStorage). */
export function pageStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

export function browserStore(): KeyValueStore {
  return typeof localStorage === 'undefined' ? pageStore() : localStorage;
}

export function signInEmailKeeper(store: KeyValueStore) {
  const attempt = <T>(action: () => T, fallback: T): T => {
    try {
      return action();
    } catch {
      return fallback;
    }
  };
  return {
    remember: (email: string) => attempt(() => store.setItem(EMAIL_FOR_SIGN_IN_KEY, email), undefined),
    read: (): string | null => attempt(() => store.getItem(EMAIL_FOR_SIGN_IN_KEY), null),
    forget: () => attempt(() => store.removeItem(EMAIL_FOR_SIGN_IN_KEY), undefined),
  };
}
