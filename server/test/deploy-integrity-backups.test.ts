// The remote deploys stay consistent through backups (deploy-integrity.test.ts): a backup keeps the live and previous
// versions, a restore reconciles the database with the files it restored, and media deleted during a backup.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { takeBackup } from '../src/features/ops/backup';
import { describeBackup } from '../src/features/ops/backup-contents';
import { restoreBackup, restoreReport } from '../src/features/ops/restore';
import {
  backupNow,
  cleanUpAfterEach,
  goLive,
  remoteBuild,
  remoteDir,
  servedManifest,
  start,
  t,
  tempDir,
  upload,
  versions,
} from './deploy-integrity-support';

cleanUpAfterEach();

describe('backups and restores keep the remotes consistent', () => {
  test('a restore of a backup taken before a deploy brings back the version live then, with its files', async () => {
    await start();
    const v1 = await upload(remoteBuild('v1'));
    expect((await goLive({ version: v1 })).status).toBe(200);
    const backup = await backupNow();
    // The live version and the one before it (the build output) are in the backup.
    const builtVersion = (await versions()).previous!;
    expect(backup.manifest.remotes).toEqual({ 'public-site': [v1, builtVersion] });
    const v2 = await upload(remoteBuild('v2'));
    expect((await goLive({ version: v2 })).status).toBe(200);
    await t.close();

    const target = tempDir('integrity-restored-');
    const result = restoreBackup({ backup: backup.path, dataDir: target, backupDir: tempDir('integrity-aside-') });
    expect(result.remotes).toEqual([{ remote: 'public-site', live: v1, missing: [] }]);
    expect(restoreReport(backup.path, result)).toContain(`public-site: ${v1} is live, as the backup recorded.`);

    await start(target);
    const list = await versions();
    expect(list.live).toBe(v1);
    expect(list.versions.every((v) => !v.missing)).toBe(true);
    const served = await servedManifest();
    expect(served.url).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);
    expect(served.status).toBe(200);
    // Rollback goes where the backup's history says: the build output.
    expect(await (await goLive({ kind: 'rollback' })).json()).toMatchObject({ toVersion: builtVersion });
  });

  test('a backup without the live files: the restore switches away and says so; the version shows missing, a rollback to it is refused, and deploying it again is a switch it reports', async () => {
    await start();
    const v1 = await upload(remoteBuild('v1'));
    await goLive({ version: v1 });
    const v2Dir = remoteBuild('v2');
    const v2 = await upload(v2Dir);
    await goLive({ version: v2 });
    const backup = await backupNow();
    const builtVersion = (await t.repos.storage.deploys.history('public-site', 10)).at(-1)!.toVersion;
    // As a backup taken before backups held the remotes: the live version's files are not in it.
    rmSync(path.join(backup.path, 'remotes', 'public-site', v2), { recursive: true });
    await t.close();

    const target = tempDir('integrity-restored-');
    const result = restoreBackup({ backup: backup.path, dataDir: target, backupDir: tempDir('integrity-aside-') });
    // Missing: v2, and the build output (the backup holds the live and the previous version only).
    expect(result.remotes).toEqual([{ remote: 'public-site', live: v1, replaced: v2, missing: [v2, builtVersion] }]);
    const report = restoreReport(backup.path, result);
    expect(report).toContain(
      `public-site: the backup recorded ${v2} live but holds none of its files; switched to ${v1} (recorded in its history).`,
    );
    expect(report.join('\n')).toContain(`have no files in the backup and are shown as missing`);

    await start(target);
    const list = await versions();
    expect(list.live).toBe(v1);
    expect(list.versions.find((v) => v.version === v2)).toMatchObject({ live: false, missing: true });
    expect((await servedManifest()).url).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);

    const refused = await goLive({ version: v2, kind: 'rollback' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('its files are missing');
    expect((await t.repos.storage.deploys.live('public-site'))?.version).toBe(v1);

    // The same build deployed again: its files come back, and going live is a real, reported switch.
    expect(await upload(v2Dir)).toBe(v2);
    expect(await (await goLive({ version: v2 })).json()).toMatchObject({ fromVersion: v1, toVersion: v2 });
    expect((await versions()).versions.find((v) => v.version === v2)).toMatchObject({ live: true, missing: false });
  });

  test('a live version whose folder was removed by hand is switched away from before the next switch, in the history', async () => {
    await start(tempDir('integrity-data-'));
    const v1 = await upload(remoteBuild('v1'));
    await goLive({ version: v1 });
    const v2 = await upload(remoteBuild('v2'));
    await goLive({ version: v2 });
    const dataDir = t.dataDir;
    await t.close();
    rmSync(remoteDir(v2, dataDir), { recursive: true });

    await start(dataDir);
    // Listed as it is served: v2 is missing, so the build output is live, not v2.
    expect(await versions()).toMatchObject({ live: null });
    // The next switch first records the switch away from v2 (to v1, the version before it), then finds v1 live.
    await goLive({ version: v1 });
    expect((await t.repos.storage.deploys.history('public-site', 1))[0]).toMatchObject({
      fromVersion: v2,
      toVersion: v1,
      switchedBy: `the server (the files of ${v2} were missing)`,
    });
  });
});

describe('a backup while media is deleted', () => {
  function addMedia(id: string) {
    const dir = path.join(t.dataDir, 'media', 'uploads', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'w640.webp'), `copy of ${id}`);
    mkdirSync(path.join(t.dataDir, 'media-originals'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'media-originals', `${id}.jpeg`), `original of ${id}`);
    return t.repos.storage.media.insert({
      id,
      kind: 'image',
      format: 'jpeg',
      section: 'portfolio',
      alt: id,
      width: 640,
      height: 480,
      bytes: 10,
      item: { id, type: 'image', url: `/media/uploads/${id}/w640.webp`, name: id } as never,
      createdAt: new Date().toISOString(),
    });
  }

  test('an item deleted between the database snapshot and the file copy is left out of the backup whole', async () => {
    await start();
    const kept = '11111111-1111-4111-8111-111111111111';
    const deleted = '22222222-2222-4222-8222-222222222222';
    await addMedia(kept);
    await addMedia(deleted);
    const db = t.repos.db;
    // The deletion lands right after the snapshot, before the files are copied: the row first, then its files, as
    // media-store.ts removes an item.
    const during = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'backup') return Reflect.get(target, key, receiver) as unknown;
        return async (...args: Parameters<typeof db.backup>) => {
          const result = await target.backup(...args);
          await t.repos.storage.media.delete(deleted);
          rmSync(path.join(t.dataDir, 'media', 'uploads', deleted), { recursive: true });
          rmSync(path.join(t.dataDir, 'media-originals', `${deleted}.jpeg`));
          return result;
        };
      },
    });
    const backup = await takeBackup({
      db: during,
      dataDir: t.dataDir,
      backupDir: tempDir('integrity-backups-'),
      kind: 'manual',
    });
    const Database = (await import('better-sqlite3')).default;
    const copy = new Database(path.join(backup.path, 'studio.sqlite'), { readonly: true });
    const ids = (copy.prepare('SELECT id FROM media ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id);
    copy.close();
    expect(ids).toEqual([kept]);
    for (const id of ids) expect(existsSync(path.join(backup.path, 'media', 'uploads', id, 'w640.webp'))).toBe(true);
    expect(describeBackup(backup.manifest)).toMatch(/integrity ok\.$/);
  });

  test('an item whose files are missing on the site itself is named, and the backup does not say "integrity ok"', async () => {
    await start();
    const lost = '33333333-3333-4333-8333-333333333333';
    await addMedia(lost);
    rmSync(path.join(t.dataDir, 'media', 'uploads', lost), { recursive: true });
    const backup = await backupNow();
    expect(backup.manifest.media.rowsWithoutFiles).toEqual([lost]);
    expect(describeBackup(backup.manifest)).not.toContain('integrity ok');
    expect(describeBackup(backup.manifest)).toContain(lost);
  });
});
