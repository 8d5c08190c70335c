// The host's commands (`npm run admin -- <command>`, cli/admin.ts), apart from the process entry so tests run them
// in-process on a real database file. They read the same configuration as the site (DATA_DIR, ADMIN_EMAIL,
// PUBLIC_ORIGIN, SMTP_URL) and may run while it does: SQLite lets both use the file.
//
//   reset-passkeys   removes every passkey and the recovery code (the admin lost them all): the e-mail link alone
//                    signs her in again, and she is mailed a notice.
//   send-test-mail   sends one mail to an address through the site's SMTP_URL, and says what the mail server answered
//                    (docs/deploy.md, first-run checklist).
//   deploy-token     issues a deploy token for one remote (printed once, kept only as its hash), lists a remote's
//                    tokens, or revokes them (docs/deploy.md, "Deploying a remote on its own").
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from '../platform/config';
import { DATABASE_FILE } from '../features/ops/backup-contents';
import { createMailer, type Mailer } from '../features/messaging/mailer';
import { refusalOf } from '../features/messaging/mail-queue';
import { createSecondFactorStore } from '../features/auth/second-factor';
import { createOutboxRepository } from '../features/messaging/outbox.sqlite';
import { createPasskeysRepository } from '../features/auth/passkeys.sqlite';
import { createPasskeyService } from '../features/auth/passkeys';
import { createDeploysRepository } from '../features/deploys/deploys.sqlite';
import { createSecondFactorRepository } from '../features/auth/second-factor.sqlite';
import { issueDeployToken } from '../features/deploys/deploy-tokens';
import { isRemoteName, REMOTE_NAMES } from '../features/deploys/remote-names';

export const USAGE = [
  'Usage: npm run admin -- <command>',
  '',
  'Commands:',
  '  reset-passkeys   remove every passkey and the recovery code of the admin; the e-mail link alone signs her in',
  '                   again, and she is mailed a notice',
  '  send-test-mail <address>   send one mail through SMTP_URL and print what the mail server answered',
  '  deploy-token <remote> [--label <text>]   issue a deploy token for public-site or admin-app (shown once)',
  "  deploy-token <remote> --list             list the remote's tokens (never the tokens themselves)",
  '  deploy-token <remote> --revoke [<id>]    revoke one token by its id, or every token of the remote',
].join('\n');

/** The mailer's log here: what the outbox would print, the command reports itself. */
function quietLog(): FastifyBaseLogger {
  const nothing = () => undefined;
  const log: FastifyBaseLogger = {
    level: 'warn',
    fatal: (...args: unknown[]) => console.error(...args),
    error: (...args: unknown[]) => console.error(...args),
    warn: (...args: unknown[]) => console.error(...args),
    info: nothing,
    debug: nothing,
    trace: nothing,
    silent: nothing,
    child: () => log,
  };
  return log;
}

export interface AdminCommandContext {
  options: AppOptions;
  print: (line: string) => void;
  /** Replaces the mailer the options would build (tests). */
  mailer?: Mailer;
}

/** Runs one command; answers the process exit code. */
export async function runAdminCommand(args: readonly string[], context: AdminCommandContext): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    context.print(USAGE);
    return 0;
  }
  if (command === 'deploy-token') return deployTokenCommand(rest, context);
  if (command === 'send-test-mail') return sendTestMail(rest, context);
  if (command !== 'reset-passkeys' || rest.length > 0) {
    context.print(USAGE);
    return 2;
  }
  const { options, print } = context;
  const file = path.join(options.dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    print(`There is no database at ${file}. Set DATA_DIR to the site's data folder.`);
    return 1;
  }
  // The site's own file, migrated by the site: a command creates nothing. The server may be writing: wait for it.
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    // A site that never ran a version with passkeys (migration 004) has none to remove.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'passkeys'").get()) {
      print(`${options.adminEmail} has no passkey: nothing was removed (database: ${options.dataDir}).`);
      return 0;
    }
    const log = quietLog();
    const outbox = createOutboxRepository(db);
    const mailer =
      context.mailer ??
      createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, outbox, log, now: options.now });
    const passkeys = createPasskeyService({
      passkeys: createPasskeysRepository(db),
      steps: createSecondFactorStore(createSecondFactorRepository(db), { now: options.now }),
      mailer,
      log,
      adminOrigin: options.adminOrigin,
      siteName: options.modelName,
      now: options.now,
      timeZone: options.timeZone,
    });
    const removed = await passkeys.resetAll(options.adminEmail);
    if (removed === 0) {
      print(`${options.adminEmail} has no passkey: nothing was removed (database: ${options.dataDir}).`);
      return 0;
    }
    print(
      `Removed ${removed} passkey${removed === 1 ? '' : 's'} and the recovery code of ${options.adminEmail} (database: ${options.dataDir}).`,
    );
    print('The e-mail link alone signs her in again; she can add a passkey from the dashboard.');
    print(
      mailer.kind === 'smtp'
        ? `A notice was mailed to ${options.adminEmail}.`
        : `A notice to ${options.adminEmail} is in the local outbox (no SMTP_URL is set).`,
    );
    return 0;
  } finally {
    db.close();
  }
}

/**
 * `send-test-mail <address>`: straight through SMTP_URL, never queued (she is waiting for the answer), with no
 * database (it works before the first start). A refusal is printed with the mail server's words, exit 1.
 */
async function sendTestMail(args: readonly string[], { options, print, mailer: given }: AdminCommandContext) {
  const [address, ...extra] = args;
  if (!address || extra.length > 0 || !/^[^\s@]+@[^\s@]+$/.test(address)) {
    print(USAGE);
    return 2;
  }
  if (!given && !options.smtpUrl) {
    print('No SMTP_URL is set (MAIL_TRANSPORT=outbox or no settings file): there is no mail server to test.');
    print('Set SMTP_URL in /etc/studio/studio.env, or name the settings file with --settings-file.');
    return 1;
  }
  const mailer =
    given ??
    createMailer({
      smtpUrl: options.smtpUrl,
      from: options.mailFrom,
      // Never used: with SMTP_URL set the mailer sends, it keeps nothing in an outbox.
      outbox: undefined as never,
      log: quietLog(),
      now: options.now,
    });
  try {
    await mailer.send({
      to: address,
      subject: `A test mail from ${options.publicOrigin}`,
      text: `This mail was sent with npm run admin -- send-test-mail at ${options.now().toISOString()}.\n\nIf you read it, the site's mail works: sign-in links and your clients' mails leave the same way.`,
    });
  } catch (error) {
    print(`The mail server did not take the mail: ${refusalOf(error)}`);
    print('Check SMTP_URL (address, port, user and password) and MAIL_FROM, then try again.');
    return 1;
  }
  print(`The mail server took a test mail to ${address} (from ${options.mailFrom}). Check that it arrives.`);
  return 0;
}

/** Opens the site's own database for a command; undefined (and says why) when there is none. */
function openSiteDatabase({ options, print }: AdminCommandContext): Database.Database | undefined {
  const file = path.join(options.dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    print(`There is no database at ${file}. Set DATA_DIR to the site's data folder.`);
    return undefined;
  }
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** `deploy-token <remote> [--label <text> | --list | --revoke [<id>]]`. */
async function deployTokenCommand(args: readonly string[], context: AdminCommandContext): Promise<number> {
  const { print } = context;
  const [remote, flag, value, ...extra] = args;
  const known = ['--label', '--list', '--revoke', undefined];
  if (
    !remote ||
    !known.includes(flag) ||
    extra.length > 0 ||
    (flag === '--label' && !value) ||
    (flag === '--list' && value)
  ) {
    print(USAGE);
    return 2;
  }
  if (!isRemoteName(remote)) {
    print(`There is no remote called ${remote}: deploy tokens are for ${REMOTE_NAMES.join(' or ')}.`);
    return 2;
  }
  const db = openSiteDatabase(context);
  if (!db) return 1;
  try {
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'deploy_tokens'").get()) {
      print(
        'This site has not run a release with deploys yet: start it once (its migrations run at start), then try again.',
      );
      return 1;
    }
    const repo = createDeploysRepository(db);
    const at = context.options.now().toISOString();
    if (flag === '--list') {
      const tokens = await repo.listTokens(remote);
      if (tokens.length === 0) print(`${remote} has no deploy tokens.`);
      for (const t of tokens) {
        print(`${t.id}  ${t.label}  issued ${t.createdAt}${t.revokedAt ? `  revoked ${t.revokedAt}` : ''}`);
      }
      return 0;
    }
    if (flag === '--revoke') {
      const revoked = value ? await repo.revokeToken(value, at) : await repo.revokeTokensOf(remote, at);
      print(
        revoked === 0
          ? `No token was revoked: ${value ? `no live token ${value}` : `${remote} has no live token`}.`
          : `Revoked ${revoked} deploy token${revoked === 1 ? '' : 's'} of ${remote}: deploys with ${revoked === 1 ? 'it' : 'them'} are refused from now on.`,
      );
      return revoked === 0 && value ? 1 : 0;
    }
    const label = value ?? `${remote} deploys`;
    const { token, record } = await issueDeployToken(repo, remote, label, at);
    print(`A deploy token for ${remote} ("${label}", id ${record.id}):`);
    print('');
    print(`  ${token}`);
    print('');
    print('It is shown this once and kept only as its hash. Store it as STUDIO_DEPLOY_TOKEN in the CI of the team');
    print(`that deploys ${remote}; it deploys ${remote} and nothing else.`);
    print(`Revoke it with: npm run admin -- deploy-token ${remote} --revoke ${record.id}`);
    return 0;
  } finally {
    db.close();
  }
}
