// The app function's settings (firebase/functions/src/studio-app.ts): the environment the Functions emulator and Cloud
// Functions give it. The emulator sets PORT to a unix socket's path; the embedded server's schema wants a port number,
// and reading it made every request of the emulated function answer 500 (the Firebase journey's first page).
import { appOptions } from '../functions/src/studio-app';

const FUNCTION_ENV = {
  FIREBASE_WEB_CONFIG: JSON.stringify({ apiKey: 'demo-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-x' }),
  ADMIN_EMAIL: 'admin@studio.test',
  PUBLIC_ORIGIN: 'https://demo-x.web.app',
  ADMIN_ORIGIN: 'https://demo-x-admin.web.app',
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
};

it('takes the emulator’s unix-socket PORT and a HOST without reading them: the platform listens', () => {
  const options = appOptions({ ...FUNCTION_ENV, PORT: '/tmp/studio-function-x/fire_emu_1.sock', HOST: '' });
  expect(options.home).toBe('firebase');
  expect(options.firebase?.projectId).toBe('demo-x');
  // The app reads its settings from what the function hands it, not from process.env with the socket's PORT.
  expect(options.settingsEnv).not.toHaveProperty('PORT');
  expect(options.settingsEnv).toMatchObject({ ADMIN_EMAIL: 'admin@studio.test' });
});

it('still names a bad setting of its own', () => {
  expect(() => appOptions({ ...FUNCTION_ENV, PUBLIC_WRITE_LIMIT: 'twenty' })).toThrow(/PUBLIC_WRITE_LIMIT=twenty/);
});

it('refuses to start without ADMIN_ORIGIN: Cloud Functions runs it with NODE_ENV=production', () => {
  const { ADMIN_ORIGIN: _admin, ...withoutAdmin } = FUNCTION_ENV;
  expect(() => appOptions(withoutAdmin)).toThrow(/ADMIN_ORIGIN is not set/);
});

it('takes her origin from ADMIN_ORIGIN', () => {
  expect(appOptions(FUNCTION_ENV).settingsEnv).toMatchObject({ ADMIN_ORIGIN: 'https://demo-x-admin.web.app' });
});
