// `npm run admin -- send-test-mail <address>` sends one mail through SMTP_URL to a real mail server on
// 127.0.0.1 (e2e/support/smtp-sink.ts) and says what happened; a refusal is printed with the server's words, exit 1.
import { runAdminCommand } from '../src/cli/admin-commands';
import { optionsFromEnv } from '../src/platform/config';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink';

let sink: SmtpSink;
beforeEach(async () => {
  sink = await startSmtpSink();
});
afterEach(() => sink.stop());

async function sendTestMail(env: NodeJS.ProcessEnv, args = ['send-test-mail', 'ava@ava-monroe.com']) {
  const lines: string[] = [];
  const code = await runAdminCommand(args, { options: optionsFromEnv(env), print: (l) => lines.push(l) });
  return { code, lines };
}

test('the mail reaches the mail server, from MAIL_FROM, and the command says so', async () => {
  const { code, lines } = await sendTestMail({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'Ava Monroe <ava@ava-monroe.com>',
    PUBLIC_ORIGIN: 'https://ava-monroe.com',
  });
  expect(code).toBe(0);
  expect(lines).toEqual([
    'The mail server took a test mail to ava@ava-monroe.com (from Ava Monroe <ava@ava-monroe.com>). Check that it arrives.',
  ]);
  expect(sink.mails).toHaveLength(1);
  expect(sink.mails[0]).toMatchObject({ from: 'ava@ava-monroe.com', to: ['ava@ava-monroe.com'] });
  expect(sink.mails[0]!.headers.subject).toBe('A test mail from https://ava-monroe.com');
});

test('a mail server that does not answer: exit 1, with its error and what to check', async () => {
  const port = sink.port;
  await sink.stop();
  const { code, lines } = await sendTestMail({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  expect(code).toBe(1);
  expect(lines[0]).toMatch(/^The mail server did not take the mail: ESOCKET connect ECONNREFUSED 127.0.0.1:\d+$/);
  expect(lines[1]).toBe('Check SMTP_URL (address, port, user and password) and MAIL_FROM, then try again.');
  sink = await startSmtpSink(port);
});

test('no SMTP_URL: nothing to test, exit 1; no address: the usage, exit 2', async () => {
  expect((await sendTestMail({})).code).toBe(1);
  expect((await sendTestMail({}, ['send-test-mail'])).code).toBe(2);
  expect(sink.mails).toEqual([]);
});
