// `npm run deploy:firebase [-- --project <id>] [-- --dry-run]`: the Firebase home in one command (firebase/README.md).
// 1. Checks, before building anything: the project id (--project, else FIREBASE_PROJECT, else firebase/.firebaserc's
//    default) and its configuration, firebase/functions/.env.<project> (the environment the Firebase CLI deploys
//    with the function): the model's name, the admin's address, the site's https origin and her account's own
//    (ADMIN_ORIGIN, firebase.json's second Hosting site), the mail server and the web config; Twilio values only when
//    SMS is configured.
// 2. Builds the web apps (the same build as the embedded home's: one build serves both), the app function's folder
//    (build-functions.mjs) and Hosting's folder of browser files (hosting-files.mjs, with robots.txt for the origin).
// 3. Names the site each of firebase.json's Hosting targets deploys to (`public`: the project's default site, or
//    --public-site; `admin`: --admin-site, else <project>-admin, created once in the console or with
//    `firebase hosting:sites:create`), then deploys the rules, the function and both sites with the Firebase CLI.
//    --dry-run does everything but this step and prints the commands it would run.
// 4. Lets her dashboard's origin send files straight to the bucket (docs/decisions/012): the bucket's CORS allows PUTs
//    from ADMIN_ORIGIN, set with gcloud on the bucket of the web config's storageBucket (or --bucket). Without gcloud it
//    prints the command to run once; until then uploads on this home fail in her browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFunctions } from './build-functions.mjs';
import { ensureFirebaseTools } from './emulators.mjs';
import { PUBLISHED, assembleHosting, isBrowserFile, webDist, writeRobotsTxt } from './hosting-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIREBASE_DIR = path.join(ROOT, 'firebase');

/** A refusal meant for the person deploying: what is missing and where it goes. */
class DeployError extends Error {}

function argValue(args, name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The project id, from the command line, the environment or firebase/.firebaserc, in that order. */
export function projectIdOf(args, env = process.env) {
  const fromRc = () => {
    const rc = env.STUDIO_FIREBASERC ?? path.join(FIREBASE_DIR, '.firebaserc');
    if (!existsSync(rc)) return undefined;
    return JSON.parse(readFileSync(rc, 'utf8')).projects?.default;
  };
  const id = argValue(args, '--project') ?? env.FIREBASE_PROJECT ?? fromRc();
  if (!id || id === 'your-project-id') {
    throw new DeployError(
      'No Firebase project id. Name it with `npm run deploy:firebase -- --project <id>`, FIREBASE_PROJECT=<id>, ' +
        'or copy firebase/.firebaserc.example to firebase/.firebaserc and put your id in it.',
    );
  }
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(id)) throw new DeployError(`"${id}" is not a Firebase project id.`);
  return id;
}

/** The Hosting site of each of firebase.json's targets: the public pages and her account's origin. */
export function hostingSites(args, project) {
  return {
    public: argValue(args, '--public-site') ?? project,
    admin: argValue(args, '--admin-site') ?? `${project}-admin`,
  };
}

/** Reads a dotenv file the way the Firebase CLI does for the simple KEY=value lines it documents. */
export function readEnvFile(file) {
  const values = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    const raw = m[2] ?? '';
    values[m[1]] = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return values;
}

/** The password an smtp(s):// address carries, or '' (the function takes it from Secret Manager instead). */
function smtpPasswordOf(smtpUrl) {
  try {
    return new URL(smtpUrl.trim()).password;
  } catch {
    return '';
  }
}

/** The function's configuration for `project`, checked; every problem is named at once. */
export function checkConfig(project) {
  const file = path.join(FIREBASE_DIR, 'functions', `.env.${project}`);
  const rel = path.relative(ROOT, file);
  if (!existsSync(file)) {
    throw new DeployError(
      `No configuration for ${project}: copy firebase/functions/.env.example to ${rel} and fill it in ` +
        '(firebase/README.md, section 2).',
    );
  }
  const env = readEnvFile(file);
  const problems = [];
  if (!env.MODEL_NAME?.trim()) problems.push('MODEL_NAME: her name, as the site shows it');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(env.ADMIN_EMAIL ?? '')) problems.push('ADMIN_EMAIL: the admin’s address');
  if (!/^https:\/\/[^/\s]+$/.test(env.PUBLIC_ORIGIN ?? '')) {
    problems.push(`PUBLIC_ORIGIN: the site's https origin, e.g. https://${project}.web.app (no path)`);
  }
  if (!/^https:\/\/[^/\s]+$/.test(env.ADMIN_ORIGIN ?? '')) {
    problems.push(`ADMIN_ORIGIN: her dashboard's own https origin, e.g. https://${project}-admin.web.app (no path)`);
  } else if (env.ADMIN_ORIGIN === env.PUBLIC_ORIGIN) {
    problems.push('ADMIN_ORIGIN: another origin than PUBLIC_ORIGIN (her account lives apart from the public pages)');
  }
  if (!/^smtps?:\/\//.test(env.SMTP_URL ?? '')) {
    problems.push('SMTP_URL: the mail server (smtp:// or smtps://) the site sends her and her clients’ mail through');
  } else if (smtpPasswordOf(env.SMTP_URL)) {
    // This file is the function's plain configuration, readable by anyone who may view the function.
    problems.push(
      'SMTP_URL: its password is a secret, never in a file: leave it out (smtps://user@host:465) and ' +
        'firebase functions:secrets:set SMTP_PASSWORD',
    );
  }
  if (env.SMTP_PASSWORD) {
    problems.push('SMTP_PASSWORD: a secret, never in a file: firebase functions:secrets:set SMTP_PASSWORD');
  }
  let webConfig;
  try {
    webConfig = JSON.parse(env.FIREBASE_WEB_CONFIG ?? '');
  } catch {
    webConfig = undefined;
  }
  if (!webConfig?.apiKey || !webConfig?.authDomain) {
    problems.push(
      'FIREBASE_WEB_CONFIG: the web app’s config as one line of JSON (apiKey, authDomain, projectId, appId)',
    );
  } else if (webConfig.projectId !== project) {
    problems.push(`FIREBASE_WEB_CONFIG: its projectId is "${webConfig.projectId}", not ${project}`);
  }
  // SMS is optional: without TWILIO_ACCOUNT_SID the site sends none and asks for no Twilio value.
  const sms = env.SMS_ENABLED === 'true' || Boolean(env.TWILIO_ACCOUNT_SID);
  if (sms) {
    if (!env.TWILIO_ACCOUNT_SID) problems.push('TWILIO_ACCOUNT_SID: SMS_ENABLED=true needs the Twilio account');
    if (!/^\+\d{8,15}$/.test(env.TWILIO_FROM ?? '')) problems.push('TWILIO_FROM: the sending number, +1...');
  }
  if (env.TWILIO_AUTH_TOKEN) {
    problems.push('TWILIO_AUTH_TOKEN: a secret, never in a file: firebase functions:secrets:set TWILIO_AUTH_TOKEN');
  }
  for (const secret of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
    if (env[secret]) problems.push(`${secret}: a secret, never in a file: firebase functions:secrets:set ${secret}`);
  }
  if (problems.length > 0) throw new DeployError(`${rel} needs:\n  - ${problems.join('\n  - ')}`);
  return { file: rel, env, sms };
}

function run(label, command, args, options = {}) {
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new DeployError(`${label} failed (exit ${result.status}).`);
  console.log(`${label}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** The three web apps, built for production in parallel, each into its folder (hosting-files.mjs, webDist). */
async function buildWeb() {
  const t0 = Date.now();
  const build = (app) =>
    new Promise((resolve, reject) => {
      const child = spawn(
        path.join(ROOT, 'node_modules', '.bin', 'webpack'),
        ['-c', 'webpack.config.cjs', '--mode', 'production'],
        {
          cwd: path.join(ROOT, app),
          env: { ...process.env, STUDIO_OUT_DIR: webDist(app) },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new DeployError(`The ${app} build failed (exit ${code}).`)),
      );
    });
  await Promise.all(PUBLISHED.map(({ app }) => build(app)));
  console.log(`web build: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The bucket's CORS: her page may PUT to the upload sessions the server opens for her, send their Content-Range and
 * read the Range a session answers with (where it stands after a cut).
 */
export function bucketCors(adminOrigin) {
  return [
    {
      origin: [adminOrigin],
      method: ['PUT'],
      responseHeader: ['Content-Type', 'Content-Range', 'Range'],
      maxAgeSeconds: 3600,
    },
  ];
}

/** Sets the bucket's CORS with gcloud, or says how when gcloud is not here or no bucket is named. */
function setBucketCors(args, config, dryRun) {
  let bucket = argValue(args, '--bucket');
  try {
    bucket ??= JSON.parse(config.env.FIREBASE_WEB_CONFIG ?? '{}').storageBucket;
  } catch {
    // checkConfig has refused a web config that is not JSON.
  }
  const rule = JSON.stringify(bucketCors(config.env.ADMIN_ORIGIN));
  const command = (file) => `gcloud storage buckets update gs://${bucket ?? '<bucket>'} --cors-file=${file}`;
  if (dryRun) return console.log(`dry run: not run: ${command('cors.json')} (cors.json: ${rule})`);
  const gcloud = spawnSync('gcloud', ['--version'], { stdio: 'ignore' });
  if (!bucket || gcloud.status !== 0) {
    const why = bucket
      ? 'gcloud is not installed here'
      : 'name it with --bucket, or storageBucket in FIREBASE_WEB_CONFIG';
    console.warn(
      `Her uploads go straight to the bucket, which must allow her origin (${why}): run once\n` +
        `  ${command('cors.json')}\nwith cors.json holding ${rule}`,
    );
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-cors-'));
  const file = path.join(dir, 'cors.json');
  writeFileSync(file, rule);
  try {
    const gcloudArgs = ['storage', 'buckets', 'update', `gs://${bucket}`, `--cors-file=${file}`];
    run('gcloud storage buckets update (CORS)', 'gcloud', gcloudArgs, { cwd: FIREBASE_DIR });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function deploy(args) {
  const dryRun = args.includes('--dry-run');
  const project = projectIdOf(args);
  const config = checkConfig(project);
  console.log(`Deploying the Firebase home to ${project} (${config.file}; SMS ${config.sms ? 'on' : 'off'})`);

  await buildWeb();
  const fn = await buildFunctions();
  console.log(`app function: built in ${fn.ms} ms (${fn.packages.length} npm packages)`);
  const published = assembleHosting();
  await writeRobotsTxt(config.env.PUBLIC_ORIGIN);
  // What Hosting publishes is browser files only: checked on the folder itself, whatever built it.
  const wrong = published.filter((f) => {
    const [first, second, ...rest] = f.split(path.sep);
    return first === 'remotes' ? !isBrowserFile(second, rest.join(path.sep)) : !isBrowserFile('shell', f);
  });
  if (wrong.length > 0) throw new DeployError(`Hosting's folder holds server files: ${wrong.join(', ')}`);
  console.log(`hosting: ${published.length + 1} browser files in firebase/hosting/`);

  const only = 'firestore:rules,firestore:indexes,storage,functions,hosting';
  const cliArgs = [
    'deploy',
    '--only',
    only,
    '--project',
    project,
    '--config',
    path.join(FIREBASE_DIR, 'firebase.json'),
  ];
  const targets = Object.entries(hostingSites(args, project)).map(([target, site]) => [
    'target:apply',
    'hosting',
    target,
    site,
    '--project',
    project,
  ]);
  if (dryRun) {
    for (const apply of targets) console.log(`dry run: not run: firebase ${apply.join(' ')}`);
    console.log(`dry run: everything is built; not run: firebase ${cliArgs.join(' ')}`);
    setBucketCors(args, config, true);
    return;
  }
  const cli = ensureFirebaseTools();
  // The targets live in firebase/.firebaserc (never committed: the site ids are the project's).
  for (const apply of targets) {
    run(`firebase target:apply hosting ${apply[2]}`, process.execPath, [cli, ...apply], { cwd: FIREBASE_DIR });
  }
  run('firebase deploy', process.execPath, [cli, ...cliArgs], { cwd: FIREBASE_DIR });
  setBucketCors(args, config, false);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  deploy(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof DeployError ? `\n${error.message}\n` : error);
    process.exit(1);
  });
}
