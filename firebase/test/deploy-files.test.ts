// What `firebase deploy` checks before it changes anything, run here offline with firebase-tools' own code (the
// version the emulator suite and `npm run deploy:firebase` use, from .cache/firebase-tools): the index file through
// the Firestore deploy's loader and validator, firebase.json through the CLI's JSON schema. The emulators accept files
// that the deploy refuses (a composite index placed under fieldOverrides stopped a real deploy before functions and
// hosting), so only this catches them. The rules are parsed by the Firestore emulator in the emulator suite.
// Then the index guard the emulator suite runs every query through (support/firestore-index-guard.ts), on real
// queries of the Firestore client library, built offline.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Firestore, type Query } from '@google-cloud/firestore';
import { cacheControlFor } from '../../server/src/features/pages/static-files';
import { guardQueries, missingIndex, type IndexSpec } from './support/firestore-index-guard';

const FIREBASE_DIR = path.join(__dirname, '..');
const ROOT = path.join(FIREBASE_DIR, '..');
const TOOLS = path.join(ROOT, '.cache', 'firebase-tools', 'node_modules', 'firebase-tools');

interface FirestoreApiModule {
  FirestoreApi: new () => {
    upgradeOldSpec(spec: unknown): { indexes: unknown[]; fieldOverrides: unknown[] };
    validateSpec(spec: unknown): void;
  };
}

interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

interface HostingSite {
  target: string;
  public: string;
  ignore: string[];
  rewrites: Array<{ source: string; function?: { functionId: string } }>;
}

let tools: {
  loadCJSON: (file: string) => unknown;
  api: FirestoreApiModule;
  schemaValidator: () => ((data: unknown) => boolean) & { errors?: unknown[] | null };
  schemaMessage: (error: unknown) => string;
  listFiles: (cwd: string, ignore?: string[]) => string[];
};

beforeAll(() => {
  // The CLI is installed on a machine's first emulator run (and by .ci/run); installed here when this runs first.
  if (!existsSync(path.join(TOOLS, 'package.json'))) {
    const install = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { ensureFirebaseTools } from './firebase/scripts/emulators.mjs'; ensureFirebaseTools();",
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (install.status !== 0) throw new Error(`Could not install firebase-tools:\n${install.stdout}${install.stderr}`);
  }
  /* eslint-disable @typescript-eslint/no-require-imports -- firebase-tools is loaded from its own folder by path */
  tools = {
    loadCJSON: require(path.join(TOOLS, 'lib', 'loadCJSON.js')).loadCJSON,
    api: require(path.join(TOOLS, 'lib', 'firestore', 'api.js')),
    schemaValidator: require(path.join(TOOLS, 'lib', 'firebaseConfigValidate.js')).getValidator,
    schemaMessage: require(path.join(TOOLS, 'lib', 'firebaseConfigValidate.js')).getErrorMessage,
    listFiles: require(path.join(TOOLS, 'lib', 'listFiles.js')).listFiles,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}, 120_000);

/** What the Firestore deploy does with the index file before it calls Google: load, upgrade, validate. */
function validateAsDeploy(raw: { indexes?: unknown; fieldOverrides?: unknown }): void {
  const api = new tools.api.FirestoreApi();
  api.validateSpec(api.upgradeOldSpec({ indexes: raw.indexes, fieldOverrides: raw.fieldOverrides ?? [] }));
}

const indexFile = () =>
  tools.loadCJSON(path.join(FIREBASE_DIR, 'firestore.indexes.json')) as IndexSpec & { fieldOverrides: unknown[] };

describe('the files `firebase deploy` reads', () => {
  it('firestore.indexes.json passes the Firestore deploy’s own validation', () => {
    expect(() => validateAsDeploy(indexFile())).not.toThrow();
  });

  it('the validation refuses a composite index placed under fieldOverrides, as the deploy did', () => {
    const spec = indexFile();
    const mailQueue = spec.indexes.find((i) => i.collectionGroup === 'mailQueue');
    expect(mailQueue).toBeDefined();
    const misplaced = {
      indexes: spec.indexes.filter((i) => i !== mailQueue),
      fieldOverrides: [...spec.fieldOverrides, mailQueue],
    };
    expect(() => validateAsDeploy(misplaced)).toThrow('Must contain "fieldPath"');
  });

  it('firebase.json matches the CLI’s schema', () => {
    const validate = tools.schemaValidator();
    const valid = validate(tools.loadCJSON(path.join(FIREBASE_DIR, 'firebase.json')));
    expect((validate.errors ?? []).map(tools.schemaMessage)).toEqual([]);
    expect(valid).toBe(true);
  });
});

describe('the index guard', () => {
  const db = new Firestore({ projectId: 'demo-index-guard' });
  const spec = (): IndexSpec => JSON.parse(readFileSync(path.join(FIREBASE_DIR, 'firestore.indexes.json'), 'utf8'));
  const structured = (query: Query) =>
    (query as unknown as { toProto(): { structuredQuery: Parameters<typeof missingIndex>[0] } }).toProto()
      .structuredQuery;
  const mailDue = () =>
    db.collection('mailQueue').where('waiting', '==', true).where('nextAttemptAt', '<=', 1).orderBy('nextAttemptAt');

  afterAll(() => db.terminate());

  it('lets through the queries the index file serves', () => {
    expect(missingIndex(structured(mailDue()), spec())).toBeNull();
    const newestFirst = db.collection('bookings').where('status', '==', 'New').orderBy('createdAt', 'desc');
    expect(missingIndex(structured(newestFirst.orderBy('seq', 'desc')), spec())).toBeNull();
    // Equalities alone merge single-field indexes; one order alone uses its field's own.
    const reminders = db.collection('bookings').where('reminderDay', '==', 'x').where('smsOptIn', '==', true);
    expect(missingIndex(structured(reminders), spec())).toBeNull();
    expect(missingIndex(structured(db.collection('outbox').orderBy('id', 'desc')), spec())).toBeNull();
  });

  it('refuses a query whose composite index the file lacks, naming the entry to add', () => {
    const without = spec();
    without.indexes = without.indexes.filter((i) => i.collectionGroup !== 'mailQueue');
    expect(missingIndex(structured(mailDue()), without)).toBe(
      'Firestore needs a composite index for this query that firestore.indexes.json lacks; add to "indexes": ' +
        '{"collectionGroup":"mailQueue","queryScope":"COLLECTION","fields":[{"fieldPath":"waiting","order":"ASCENDING"},{"fieldPath":"nextAttemptAt","order":"ASCENDING"}]}',
    );
    // The same fields in the other direction are another index.
    const reversed = db.collection('bookings').where('status', '==', 'New').orderBy('createdAt').orderBy('seq');
    expect(missingIndex(structured(reversed), spec())).toMatch(/lacks/);
  });

  it('refuses a query on a field whose single-field indexes fieldOverrides removed', () => {
    const byItem = db.collection('media').where('item', '==', 'x');
    expect(missingIndex(structured(byItem), spec())).toMatch(/removes the single-field index on media\.item/);
  });

  it('once installed, stops such a query before the client sends it', () => {
    const without = spec();
    without.indexes = without.indexes.filter((i) => i.collectionGroup !== 'mailQueue');
    const release = guardQueries(without);
    try {
      expect(() => structured(mailDue())).toThrow(/lacks/);
      expect(() => structured(db.collection('outbox').orderBy('id', 'desc'))).not.toThrow();
    } finally {
      release();
    }
    expect(() => structured(mailDue())).not.toThrow();
  });
});

describe('the two Hosting sites (her account on its own origin)', () => {
  const sites = () =>
    (JSON.parse(readFileSync(path.join(FIREBASE_DIR, 'firebase.json'), 'utf8')) as { hosting: HostingSite[] }).hosting;

  it('public and admin both publish hosting/ and rewrite every other path to the one function', () => {
    expect(sites().map((s) => s.target)).toEqual(['public', 'admin']);
    for (const site of sites()) {
      expect(site.public).toBe('hosting');
      expect(site.rewrites).toEqual([{ source: '**', function: { functionId: 'app', region: 'us-central1' } }]);
    }
  });

  it('each site uploads only its own remote (the deploy’s own file listing with each site’s ignore)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-hosting-'));
    try {
      for (const file of ['main.js', 'remotes/public-site/remoteEntry.js', 'remotes/admin-app/remoteEntry.js']) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), '');
      }
      const uploaded = Object.fromEntries(sites().map((s) => [s.target, tools.listFiles(dir, s.ignore).sort()]));
      expect(uploaded).toEqual({
        public: ['main.js', 'remotes/public-site/remoteEntry.js'],
        admin: ['main.js', 'remotes/admin-app/remoteEntry.js'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Hosting’s Cache-Control for its files, as the embedded home sends them', () => {
  // superstatic is the code the Hosting emulator matches firebase.json's header rules with; the last rule that
  // matches a path sets the header. A file no rule gives a Cache-Control is cached an hour by Hosting's default.
  const cacheControlOn = (site: HostingSite & { headers: HeaderRule[] }, urlPath: string): string | undefined => {
    /* eslint-disable @typescript-eslint/no-require-imports -- superstatic is loaded from firebase-tools' folder */
    const { configMatcher } = require(require.resolve('superstatic/lib/utils/patterns', { paths: [TOOLS] }));
    const slasher = require(require.resolve('glob-slasher', { paths: [TOOLS] }));
    /* eslint-enable @typescript-eslint/no-require-imports */
    let value: string | undefined;
    for (const rule of site.headers) {
      if (!configMatcher(urlPath, { source: slasher(rule.source) })) continue;
      for (const header of rule.headers) if (header.key.toLowerCase() === 'cache-control') value = header.value;
    }
    return value;
  };

  it('the entries and the two unhashed scripts are revalidated, hashed chunks kept a year, on both sites', () => {
    const config = JSON.parse(readFileSync(path.join(FIREBASE_DIR, 'firebase.json'), 'utf8')) as {
      hosting: Array<HostingSite & { headers: HeaderRule[] }>;
    };
    const files = [
      '/islands.js',
      '/theme-init.js',
      '/main.js',
      '/main.css',
      '/favicon.svg',
      '/remotes/public-site/remoteEntry.js',
      '/remotes/admin-app/mf-manifest.json',
      '/remotes/public-site/412.3f9a0c1d.js',
    ];
    for (const site of config.hosting) {
      const onHosting = Object.fromEntries(files.map((file) => [file, cacheControlOn(site, file)]));
      const embedded = Object.fromEntries(files.map((file) => [file, cacheControlFor(file)]));
      expect({ site: site.target, ...onHosting }).toEqual({ site: site.target, ...embedded });
    }
  });
});
