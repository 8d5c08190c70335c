// The e-mail typed in the navbar's sign-in form, kept in local storage for /finishSignIn (docs/product.md §7: "complete sign-in
// with the link and the e-mail kept in local storage"). Storage can be unavailable (private modes): then the finish
// page simply asks for the e-mail again.
export const EMAIL_FOR_SIGN_IN_KEY = 'studio.emailForSignIn';

export function saveEmailForSignIn(email: string): void {
  try {
    localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
  } catch {
    // Not stored: the finish page will prompt for it.
  }
}

export function readEmailForSignIn(): string | null {
  try {
    return localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    return null;
  }
}

export function forgetEmailForSignIn(): void {
  try {
    localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    // Nothing to forget.
  }
}
