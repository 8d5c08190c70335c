// The Firebase home's backend: the server's own Fastify app (server/src/app/app.ts), run as one 2nd-gen HTTPS function
// behind Hosting's rewrites (firebase.json), plus scheduled functions that each run one job of the app's jobs runner
// once per tick, by the job's name.
// Nothing here decides what the site does: every route, rule and mail is the server's, as on the embedded home.
// Instance settings and why: firebase/README.md, "4. The app function".
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions/logger';
import { defineSecret } from 'firebase-functions/params';
import { requestForFastify, type CloudFunctionsRequest } from './request-body';
import { secretNames } from './secrets';
import { appInstance, SCHEDULED_WORK } from './studio-app';
import { MAIL_QUEUE } from '../../../server/src/features/messaging/mail-queue.firestore';

/** Where the function runs; firebase.json's rewrites name the same region. */
export const REGION = 'us-central1';

// The secrets this deploy's configuration needs (the SMTP password, Twilio's token, Stripe's keys): secrets.ts.
const secrets = secretNames(process.env).map((name) => defineSecret(name));

export const app = onRequest(
  {
    region: REGION,
    // One instance serves many requests at once, as the embedded server does; an admin's live stream holds one of them.
    concurrency: 80,
    cpu: 1,
    // sharp's resizing of an upload runs in a child process beside the app (server/src/media).
    memory: '1GiB',
    // The admin's live stream (server-sent events) lasts as long as the request may: the longest Cloud Functions
    // allows an HTTPS function. The browser's EventSource reconnects when it ends.
    timeoutSeconds: 3600,
    // No instance kept warm: the site is quiet most of the day, and a cold start is seconds for the first visitor.
    minInstances: 0,
    maxInstances: 10,
    invoker: 'public',
    secrets,
  },
  async (req, res) => {
    // An Express app with its defaults in front of the handler (the Functions emulator's runtime; Google's Functions
    // Framework turns the header off) has set `X-Powered-By: Express` before the handler runs; the embedded home
    // names no framework, and a header that advertises one only helps someone looking for its flaws. The emulator's
    // own front server adds the header again outside the function: only the emulator sends it.
    res.removeHeader('X-Powered-By');
    const studio = await appInstance();
    studio.routing(requestForFastify(req as CloudFunctionsRequest), res);
  },
);

/** One scheduled function per job of the server's runner it runs; each runs one pass of that job per tick. */
function scheduled(name: keyof typeof SCHEDULED_WORK, schedule: string) {
  return onSchedule({ schedule, region: REGION, timeZone: 'UTC', secrets, retryCount: 0 }, async () => {
    const studio = await appInstance();
    const outcome = await SCHEDULED_WORK[name](studio);
    logger.info(`scheduled ${name}`, outcome ?? {});
  });
}

// The same cadence as the embedded server's timers (reminder-job.ts: 15 minutes; held status mail: due within
// the Undo window, checked every minute here; outbox hygiene: every minute on the server, hourly is enough here; her
// daily digest of client actions: due from 8:00 in the studio's zone, looked for every 15 minutes on the server, hourly
// here).
export const reminders = scheduled('reminders', 'every 15 minutes');
export const heldStatusMail = scheduled('heldStatusMail', 'every 1 minutes');
export const outboxHygiene = scheduled('outboxHygiene', 'every 60 minutes');
export const clientActionDigest = scheduled('clientActionDigest', 'every 60 minutes');
// Refused mail, and new mail its trigger (newMail, below) left: looked for every 30 seconds on the server, every 5
// minutes here.
export const mailRetry = scheduled('mailRetry', 'every 5 minutes');

// A new booking's mails are written with the request, in its transaction (server/src/features/messaging/mail-queue.ts).
// Their creation runs a pass of the mail job at once, in whichever instance takes the event: the instance that
// answered the booking may be stopped right after its 201, and nothing of it is needed. The pass takes each mail
// before it sends it, so the passes of several mails' events, and mailRetry, never send one twice; a pass that fails
// is not retried here, mailRetry sends what it left within 5 minutes. A refused mail kept to be sent again triggers a
// pass too, which finds it not yet due.
export const newMail = onDocumentCreated(
  { document: `${MAIL_QUEUE}/{id}`, region: REGION, secrets, retry: false },
  async () => {
    const studio = await appInstance();
    const outcome = await SCHEDULED_WORK.mailRetry(studio);
    logger.info('new mail', outcome ?? {});
  },
);
