// The Firebase home end to end in Chromium. Everything goes through the Hosting emulator's two sites (the real
// firebase.json: the public pages, and her account on its own origin, admin.localhost) to the one app function (the
// server's Fastify app in the Functions emulator), with Firebase Auth on its emulator; the global setup starts them. A visitor books; her confirmation with its manage
// link is in the outbox (read through the dev outbox, which the function keeps on for a site on this machine, as the
// embedded home does); the admin signs in with the Auth emulator's e-mail link, enrols a passkey, and signs in again
// with the link and the passkey; she changes the booking's status, undoes it within the Undo window (nothing is
// sent), changes it again and lets the held mail go; she sends a contract, which the client signs from her link; she
// uploads a JPEG carrying GPS EXIF, and no variant the site serves holds any EXIF; a visitor's next load has the photo
// in the server-rendered HTML, before any script runs. Texts are the spec's, word for word.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { collectConsoleErrors, waitForHydration } from '../support/test';
import { greenDot, tripleClickLogo } from '../support/sign-in';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e/playwright.firebase.config.ts`);
  return value;
};

// Read at fixture time: the global setup sets these after the config was first evaluated.
const test = base.extend({
  baseURL: async ({}, use) => {
    await use(env('E2E_FIREBASE_ORIGIN'));
  },
});

interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

interface OobCode {
  email: string;
  oobLink: string;
  requestType: string;
}

const ALT = 'Ava in a linen shirt against a white wall, on the Firebase home';

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const res = await request.get(`${env('E2E_FIREBASE_ORIGIN')}/api/dev/outbox`);
  expect(res.status(), 'the dev outbox of a site on this machine').toBe(200);
  return (await res.json()) as OutboxMessage[];
}

const mailsTo = async (request: APIRequestContext, email: string) =>
  (await outbox(request)).filter((m) => m.channel === 'mail' && m.recipient === email);

/** The mail to `email` whose subject matches, once it is in the outbox. */
async function mailArrives(request: APIRequestContext, email: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, email)).find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return found!;
}

/** The newest e-mail sign-in link the Auth emulator "sent" to `email` (what her mail would hold). */
async function newestSignInLink(request: APIRequestContext, email: string, after: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(
        `${env('E2E_FIREBASE_AUTH')}/emulator/v1/projects/${env('E2E_FIREBASE_PROJECT')}/oobCodes`,
      );
      const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
      const mine = oobCodes.filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN');
      link = mine.length > after ? mine.at(-1)?.oobLink : undefined;
      return link !== undefined;
    })
    .toBe(true);
  return link!;
}

async function signInLinksSoFar(request: APIRequestContext, email: string): Promise<number> {
  const res = await request.get(
    `${env('E2E_FIREBASE_AUTH')}/emulator/v1/projects/${env('E2E_FIREBASE_PROJECT')}/oobCodes`,
  );
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN').length;
}

/** She asks for a link with the logo's gesture on the public site, which opens her site's sign-in, and opens it. */
async function openSignInLink(page: Page, email: string) {
  const before = await signInLinksSoFar(page.request, email);
  await page.goto('/');
  await tripleClickLogo(page);
  await page.waitForURL((url) => url.origin === env('E2E_FIREBASE_ADMIN_ORIGIN'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toHaveText('Sign-in link sent! Check your email.');
  const link = await newestSignInLink(page.request, email, before);
  // The Auth emulator's action link, like Firebase's own, sends her on to /finishSignIn?mode=signIn&oobCode=… here.
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/finishSignIn');
  expect(new URL(page.url()).origin, 'the link brings her to her own site').toBe(env('E2E_FIREBASE_ADMIN_ORIGIN'));
}

async function signedInThenDashboard(page: Page) {
  await expect(page.getByRole('status')).toHaveText('You are signed in. Taking you to your dashboard…');
  await page.waitForURL((url) => url.pathname === '/admin');
  await expect(greenDot(page)).toBeVisible();
}

/** A platform authenticator with user verification, as her laptop with a fingerprint reader has. */
async function addDevice(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A 3000 x 2000 JPEG shot "in Phoenix": its EXIF holds the camera and the GPS position that must not leak. */
async function jpegWithGps(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: { r: 196, g: 172, b: 150 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><circle cx="1500" cy="900" r="520" fill="#5a4236"/><rect x="900" y="1300" width="1200" height="700" fill="#2f2622"/></svg>',
        ),
      },
    ])
    .withExif({
      IFD0: { Make: 'StudioTestCam', Model: 'GPS-1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '33/1 26/1 54/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '112/1 4/1 26/1',
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  // The test's own premise: the file does carry the camera and the GPS position.
  const meta = await sharp(jpeg).metadata();
  expect(meta.exif?.includes(Buffer.from('StudioTestCam'))).toBe(true);
  expect(meta.exif?.includes(Buffer.from('N\0'))).toBe(true);
  return jpeg;
}

test('the Firebase home: a booking, her sign-in with link and passkey, status mail with Undo, a signed contract, a photo without EXIF on a server-rendered page', async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const adminEmail = env('E2E_FIREBASE_ADMIN');
  const stamp = randomBytes(4).toString('hex');
  const letters = stamp.replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
  const clientName = `Journey Client ${letters}`;
  const clientEmail = `journey.${stamp}@example.com`;
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: origin });
    contexts.push(context);
    return context;
  };

  // ---- A visitor books on the Hosting emulator's origin.
  const visitor = await (await newContext()).newPage();
  const visitorErrors = collectConsoleErrors(visitor);
  let manageLink = '';
  await test.step('a visitor books; her confirmation with its manage link is in the outbox', async () => {
    await visitor.goto('/book-me?selectedService=usergeneratedcontent&selectedTier=ugc-weekly');
    await waitForHydration(visitor);
    await visitor.getByRole('textbox', { name: 'Full Name' }).fill(clientName);
    await visitor.getByRole('textbox', { name: 'Email Address' }).fill(clientEmail);
    await visitor.getByRole('textbox', { name: 'Project Description' }).fill('Three videos a week for a launch.');
    await visitor.getByRole('button', { name: 'Send Booking Request' }).click();
    // The site's first write: the Functions emulator starts the function's Firestore work cold, and in CI lint runs
    // beside this test on the same two cores.
    await expect(visitor.getByRole('heading', { name: 'Thank You!' })).toBeVisible({ timeout: 60_000 });

    const arrived = await mailArrives(visitor.request, clientEmail, /^Your booking request [A-Z0-9]{8} has arrived$/);
    manageLink = /https?:\/\/\S+\/manage-booking#[A-Za-z0-9_-]{43}/.exec(arrived.body)?.[0] ?? '';
    expect(manageLink, 'a manage link in her confirmation').not.toBe('');
    // The link names the site's own origin (PUBLIC_ORIGIN), the one she booked on.
    expect(new URL(manageLink).origin).toBe(origin);
    await visitor.goto(manageLink);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Your booking request' })).toBeVisible();
    await expect(visitor.getByTestId('manage-status')).toHaveText('Waiting for her reply');
  });

  // ---- The admin: Firebase's e-mail link, then a passkey; from then on the link and the passkey.
  const admin = await (await newContext()).newPage();
  const adminErrors = collectConsoleErrors(admin);
  const adminServerErrors: string[] = [];
  admin.on('response', (r) => {
    if (r.status() >= 500) adminServerErrors.push(`${r.status()} ${r.url()}`);
  });
  const device = await addDevice(admin);
  await test.step('the admin signs in with the Auth emulator’s e-mail link and enrols a passkey', async () => {
    await openSignInLink(admin, adminEmail);
    await signedInThenDashboard(admin);
    await admin.getByRole('link', { name: 'Admin' }).click();
    const offer = admin.getByRole('region', { name: 'Sign in with a passkey' });
    await expect(offer).toContainText('Today the e-mail link alone signs you in.');
    await offer.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('This laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const saveNow = admin.getByRole('dialog', { name: 'Save your recovery code now' });
    await expect(saveNow).toContainText('It is shown only this once');
    await saveNow.getByRole('button', { name: 'I have saved it' }).click();
    const passkeys = admin.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByRole('listitem')).toContainText('This laptop');
    const { credentials } = await device.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: device.authenticatorId,
    });
    // Bound to her origin's host: the public site's pages cannot ask for it.
    expect(credentials.map((c) => c.rpId)).toEqual([new URL(env('E2E_FIREBASE_ADMIN_ORIGIN')).hostname]);
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.waitForURL((url) => url.pathname === '/');
    await expect(greenDot(admin)).toHaveCount(0);
  });

  await test.step('her next sign-in: the link opens only the passkey step, and her passkey completes it', async () => {
    await openSignInLink(admin, adminEmail);
    await expect(admin.getByText('One more step: confirm it is you with your passkey.')).toBeVisible();
    await expect(greenDot(admin)).toHaveCount(0);
    await admin.getByRole('button', { name: 'Use my passkey' }).click();
    await signedInThenDashboard(admin);
  });

  await test.step('her session lives on her site only: the public site gets no cookie of hers and has no admin API', async () => {
    const adminHost = new URL(env('E2E_FIREBASE_ADMIN_ORIGIN')).hostname;
    const cookies = await admin.context().cookies();
    expect(cookies.find((c) => c.name === '__session')?.domain).toBe(adminHost);
    expect(cookies.filter((c) => c.domain !== adminHost)).toEqual([]);
    expect((await admin.request.get(`${origin}/api/admin/bookings`)).status()).toBe(404);
    expect((await admin.request.get(`${env('E2E_FIREBASE_ADMIN_ORIGIN')}/api/admin/bookings`)).status()).toBe(200);
  });

  // ---- Her dashboard: the booking's status, with the held mail and Undo.
  await admin.getByRole('link', { name: 'Admin' }).click();
  const card = admin.getByRole('article', { name: clientName });
  const status = card.getByRole('combobox');
  await test.step('she confirms the booking, undoes it within the window (nothing sent), confirms again and lets the mail go', async () => {
    await expect(status).toHaveValue('New');
    await status.selectOption('Confirmed');
    const dialog = admin.getByRole('dialog', { name: `Mark ${clientName}'s request Confirmed?` });
    await expect(dialog).toContainText('The e-mail below leaves 10 seconds after you save');
    await dialog.getByRole('button', { name: 'Save and e-mail client' }).click();
    await expect(status).toHaveValue('Confirmed');
    await expect(card.getByRole('status')).toContainText('Client e-mailed');
    await card.getByRole('button', { name: 'Undo' }).click();
    await expect(status).toHaveValue('New');
    await expect(card.getByRole('status')).toHaveText('Change undone; nothing was sent.');

    await status.selectOption('Confirmed');
    await admin.getByRole('dialog').getByLabel('Personal message (optional)').fill('Bring two outfits.');
    await admin.getByRole('dialog').getByRole('button', { name: 'Save and e-mail client' }).click();
    await expect(card.getByRole('button', { name: 'Undo' })).toBeVisible();
    // Held for the Undo window: nothing has left yet.
    expect((await mailsTo(admin.request, clientEmail)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/has arrived$/),
    ]);
    const confirmed = await mailArrives(admin.request, clientEmail, /is now Confirmed$/);
    expect(confirmed.body).toContain('Bring two outfits.');
    await expect(card.getByRole('button', { name: 'Undo' })).toBeHidden();
    // The undone change sent nothing: one status mail, the one she let go.
    expect((await mailsTo(admin.request, clientEmail)).map((m) => m.subject.replace(/^.* (is now|has) /, ''))).toEqual([
      'Confirmed',
      'arrived',
    ]);
    // Her manage page, still open from her mail, on its next load.
    await visitor.reload();
    await expect(visitor.getByTestId('manage-status')).toHaveText('Confirmed');
  });

  // ---- A contract, sent by her and signed by the client from her link.
  await test.step('she sends a contract; the client signs it from her link', async () => {
    await card.getByRole('button', { name: 'Generate Contract' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Generate contract' });
    await expect(dialog.getByRole('region', { name: 'The deal (from the booking)' })).toContainText(clientEmail);
    await dialog.getByLabel('Client name').fill(clientName);
    await dialog.getByRole('button', { name: 'Send for signature…' }).click();
    const confirm = dialog.getByRole('alertdialog', { name: 'Send this contract for signature?' });
    await expect(confirm).toContainText(`${clientEmail} will receive a private link`);
    await confirm.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toContainText(`Sent to ${clientEmail}.`);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(card.getByText('Sent', { exact: true })).toBeVisible();

    const mail = await mailArrives(visitor.request, clientEmail, /^Please review and sign/);
    const link = /https?:\/\/\S+\/contracts\/sign\/[A-Za-z0-9_-]{43}/.exec(mail.body)?.[0] ?? '';
    expect(link, 'a signing link in her mail').not.toBe('');
    expect(new URL(link).origin).toBe(origin);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'User-Generated Content Services Agreement' })).toBeVisible();
    await expect(visitor.getByRole('article')).toContainText(
      `${clientName} (the “Client”), reachable at ${clientEmail}`,
    );
    await visitor.getByLabel('Your full name').fill(clientName);
    await visitor.getByRole('checkbox', { name: /I agree to sign this contract electronically/ }).check();
    await visitor.getByRole('button', { name: 'Sign contract' }).click();
    await expect(visitor.getByRole('heading', { name: `Signed. Thank you, ${clientName}.` })).toBeVisible();
    await mailArrives(visitor.request, clientEmail, /^Signed: User-Generated Content Services Agreement$/);
    // Her dashboard shows it signed (live, or on her next look).
    await expect(async () => {
      if (!(await card.getByText('Signed', { exact: true }).isVisible())) await admin.reload();
      await expect(card.getByText('Signed', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  });

  // ---- A photo with GPS EXIF into the comp card.
  await test.step('she uploads a photo; no variant the site serves holds any EXIF', async () => {
    await admin.getByRole('tab', { name: 'Content' }).click();
    await admin.getByRole('button', { name: 'Portfolio', exact: true }).click();
    await expect(admin.getByRole('combobox', { name: 'Section' })).toHaveValue('comp-card');
    const list = admin.getByRole('list', { name: 'Photos and videos in this section, in order' });
    const before = await list.getByRole('listitem').count();
    // The section's thumbnails first: the Hosting emulator can corrupt a request body it proxies while other
    // requests are in flight through it (measured: 2 uploads of 12 refused as unreadable beside 4 thumbnail loads,
    // none of 12 sent to the function directly), and she uploads once the section is on her screen anyway.
    await expect
      .poll(() => list.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
      .toBe(true);
    const upload = admin.getByRole('form', { name: 'Add photos and videos' });
    await upload
      .getByLabel('Files', { exact: true })
      .setInputFiles({ name: 'phoenix.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() });
    await upload.getByRole('textbox', { name: 'Alt text (describes the photo)' }).fill(ALT);
    await upload.getByRole('button', { name: 'Upload 1 file', exact: true }).click();
    // The function writes every copy (AVIF, WebP and JPEG at each width) before it answers.
    await expect(admin.getByRole('status').filter({ hasText: 'Uploaded' })).toContainText(
      'Uploaded 1 file and added it to your portfolio.',
      { timeout: 120_000 },
    );
    await expect(list.getByRole('listitem')).toHaveCount(before + 1);
  });

  // ---- A visitor's next load: the photo is in the page the function rendered, before any script.
  await test.step('a visitor’s next load shows the photo in the server-rendered page, every copy without EXIF', async () => {
    // The HTML as the function sends it: the photo's tile is there before any script runs.
    const html = await (await visitor.request.get('/portfolio/comp-card')).text();
    const tile = new RegExp(
      `aria-label="Open ${ALT} in the viewer"[^>]*><img src="(/media/uploads/[^"/]+/)\\d+\\.jpg" srcSet="([^"]*)"`,
    ).exec(html);
    expect(tile, 'the photo in the HTML the function sent').not.toBeNull();
    const [, folder, srcset] = tile!;

    // The same page in a browser that runs no script: the photo shows, loaded from the site.
    const noScript = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
    contexts.push(noScript);
    const page = await noScript.newPage();
    await page.goto('/portfolio/comp-card');
    const gallery = page.getByRole('list', { name: 'Comp Card' });
    const photo = gallery.getByRole('button', { name: `Open ${ALT} in the viewer` }).locator('img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

    // Every copy the upload made (AVIF, WebP and JPEG at each width the page offers), read as bytes: no EXIF block
    // at all, so no GPS position and no camera.
    const widths = [...(srcset ?? '').matchAll(/ (\d+)w/g)].map((m) => m[1]);
    expect(widths).toEqual(['400', '800', '1200', '1600', '2000', '2400']);
    for (const width of widths)
      for (const format of ['avif', 'webp', 'jpg']) {
        const url = `${folder}${width}.${format}`;
        const response = await visitor.request.get(url);
        expect(response.status(), url).toBe(200);
        const bytes = await response.body();
        expect(bytes.includes(Buffer.from('Exif\0\0')), `${url} holds an EXIF block`).toBe(false);
        expect(bytes.includes(Buffer.from('StudioTestCam')), `${url} names the camera`).toBe(false);
        expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
      }
  });

  expect(visitorErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  // A 401 may be logged when her dashboard's live stream reconnects just as she signs out; nothing else.
  expect(adminErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  expect(adminServerErrors).toEqual([]);
  for (const context of contexts) await context.close();
});
