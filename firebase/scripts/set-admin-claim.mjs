// Marks the admin: sets the custom claim { admin: true } on the account of the given e-mail (creating the account,
// e-mail verified, when it does not exist yet). Run with credentials of the project (firebase/README.md):
//   GOOGLE_APPLICATION_CREDENTIALS=key.json node firebase/scripts/set-admin-claim.mjs admin@example.com
// The claim reaches the browser with the next ID token (sign out and in again, or wait up to an hour).
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const email = process.argv[2];
if (!email || !email.includes('@')) {
  console.error('Usage: node firebase/scripts/set-admin-claim.mjs <admin e-mail>');
  process.exit(1);
}

initializeApp();
const auth = getAuth();
const user = await auth.getUserByEmail(email).catch((error) => {
  if (error?.code === 'auth/user-not-found') return auth.createUser({ email, emailVerified: true });
  throw error;
});
await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
console.log(`${email} (${user.uid}) now has the admin claim.`);
