// The few constants of docs/product.md §9 the shell's own first load needs: the logo gesture and the sign-in and
// sign-out redirects. They live apart from constants.ts so that a visitor's first load of / does not carry every
// field limit and contract constant (a shared subpath is bundled whole, and that load is held to a byte budget).

export const LOGO_CLICKS_TO_TRIGGER = 3;
export const SIGN_IN_REDIRECT_MS = 2000;
export const SIGN_OUT_REDIRECT_MS = 1000;
