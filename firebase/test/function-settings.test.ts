// The app function's settings (firebase/functions/src/studio-app.ts): the environment the Functions emulator and Cloud
// Functions give it. The emulator sets PORT to a unix socket's path; the embedded server's schema wants a port number,
// and reading it made every request of the emulated function answer 500 (the Firebase journey's first page).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { secretNames } from '../functions/src/secrets';
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

describe('the SMTP password, from Secret Manager like Twilio’s token and Stripe’s keys', () => {
  const withUser = { ...FUNCTION_ENV, SMTP_URL: 'smtps://ava%40ava-monroe.com@smtp.example.com:465' };

  it('is declared as a secret when SMTP_URL names a user without a password, and only then', () => {
    expect(secretNames(withUser)).toEqual(['SMTP_PASSWORD']);
    // A relay that takes mail without signing in, or no mail server at all: no secret to ask for.
    expect(secretNames(FUNCTION_ENV)).toEqual([]);
    expect(secretNames({ ...FUNCTION_ENV, SMTP_URL: undefined })).toEqual([]);
    expect(secretNames({ ...withUser, TWILIO_ACCOUNT_SID: 'AC1', STRIPE_PAYMENTS: 'true' })).toEqual([
      'SMTP_PASSWORD',
      'TWILIO_AUTH_TOKEN',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('reaches the mailer inside SMTP_URL, exactly, and is not kept as a setting of its own', () => {
    const password = 'p@ss:w rd/%é';
    const { settingsEnv } = appOptions({ ...withUser, SMTP_PASSWORD: password });
    expect(settingsEnv).not.toHaveProperty('SMTP_PASSWORD');
    // The server's mailer hands SMTP_URL to nodemailer (server/src/features/messaging/mailer.ts): what it signs in with.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's own copy of nodemailer
    const nodemailer = require(require.resolve('nodemailer', { paths: [path.join(__dirname, '..', '..', 'server')] }));
    const transport = nodemailer.createTransport(settingsEnv?.SMTP_URL) as {
      options: { host: string; auth: { user: string; pass: string } };
    };
    expect(transport.options.host).toBe('smtp.example.com');
    expect(transport.options.auth).toEqual({ user: 'ava@ava-monroe.com', pass: password });
  });

  it('npm run deploy:firebase refuses a password written in the configuration file', () => {
    const project = 'demo-smtp-secret';
    const file = path.join(__dirname, '..', 'functions', `.env.${project}`);
    const webConfig = JSON.stringify({ apiKey: 'k', authDomain: `${project}.firebaseapp.com`, projectId: project });
    const write = (smtpUrl: string, extra: string[] = []) =>
      writeFileSync(
        file,
        [
          'MODEL_NAME=Ava',
          'ADMIN_EMAIL=admin@studio.test',
          `PUBLIC_ORIGIN=https://${project}.web.app`,
          `ADMIN_ORIGIN=https://${project}-admin.web.app`,
          `SMTP_URL=${smtpUrl}`,
          `FIREBASE_WEB_CONFIG='${webConfig}'`,
          ...extra,
          '',
        ].join('\n'),
      );
    const problems = () =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { checkConfig } from './firebase/scripts/deploy.mjs'; try { checkConfig('${project}'); } ` +
            'catch (error) { console.error(error.message); process.exit(1); }',
        ],
        { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' },
      ).stderr;
    try {
      write('smtps://ava@smtp.example.com:465');
      expect(problems()).toBe('');
      write('smtps://ava:hunter2@smtp.example.com:465');
      expect(problems()).toContain('SMTP_URL: its password is a secret, never in a file');
      write('smtps://ava@smtp.example.com:465', ['SMTP_PASSWORD=hunter2']);
      expect(problems()).toContain('SMTP_PASSWORD: a secret, never in a file');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
