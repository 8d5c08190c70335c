// Versioned deploys of the remotes. The deploy token rules, the upload's limits, the compatibility gate, the
// atomic switch and rollback, pruning, and the shell's HTML naming the live version. Real SQLite, real tarballs
// (node-tar), real files under DATA_DIR/remotes, driven through the HTTP API.
// The upload and the gate are in deploys-upload.test.ts, switching and rollback in deploys-switching.test.ts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_EMAIL, withCsrf } from './helper';
import {
  cleanupDir,
  deployBuild,
  deploys,
  goLive,
  manifestUrlInHtml,
  remoteBuild,
  t,
  tarball,
  tokenFor,
  upload,
  useDeploysApp,
} from './deploys-support';

useDeploysApp();

describe('deploy tokens', () => {
  test("an upload without a token, with an unknown one, another remote's, or a revoked one is refused with 403; the admin session opens nothing", async () => {
    const body = await tarball(cleanupDir(remoteBuild()));
    const adminToken = await tokenFor('admin-app');
    const revoked = await tokenFor('public-site', 'old CI');
    await deploys.revokeTokensOf('public-site', new Date().toISOString());
    const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;

    const refused = [
      await upload('public-site', body, undefined),
      await upload('public-site', body, `studio_deploy_${'A'.repeat(43)}`),
      await upload('public-site', body, adminToken),
      await upload('public-site', body, revoked),
      await t.app.inject(
        withCsrf({
          method: 'PUT',
          url: '/api/deploy/public-site/versions',
          headers: { 'content-type': 'application/gzip' },
          cookies: { studio_session: session },
          payload: body,
        }),
      ),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0]!.json().message).toContain('A deploy token for public-site is needed');
    expect(refused[2]!.json().message).toBe('This deploy token does not allow deploying public-site.');
    expect(readdirSync(path.join(t.dataDir, 'remotes', 'public-site'))).toEqual([]);

    // The same refusals on switching and listing.
    expect((await goLive('public-site', adminToken)).statusCode).toBe(403);
    const list = await t.app.inject({
      url: '/api/deploy/public-site/versions',
      headers: { authorization: `Bearer ${revoked}` },
    });
    expect(list.statusCode).toBe(403);
  });

  test("a remote's own token uploads, and the token is stored only as its hash", async () => {
    const token = await tokenFor('public-site');
    const res = await upload('public-site', await tarball(cleanupDir(remoteBuild())), token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      remote: 'public-site',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
      created: true,
      files: 4,
    });
    const stored = t.repos.db.prepare('SELECT * FROM deploy_tokens').all();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  test('a deploy token does not open the admin API', async () => {
    const token = await tokenFor('public-site');
    const res = await t.app.inject({ url: '/api/admin/deployments', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe("the admin's Deployments view", () => {
  test('says whether a deploy token was ever issued: her dashboard shows the Deployments tab only then', async () => {
    const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const tokens = async () =>
      (await t.app.inject({ url: '/api/admin/deployments', cookies: { studio_session: session } })).json().tokens;
    expect(await tokens()).toBe(false);
    await tokenFor('admin-app');
    expect(await tokens()).toBe(true);
    // Revoked, the versions it deployed are still there to roll back to: the view stays.
    await deploys.revokeTokensOf('admin-app', new Date().toISOString());
    expect(await tokens()).toBe(true);
  });

  test('lists every remote and rolls back to a kept version with her session', async () => {
    const token = await tokenFor('public-site');
    const v1 = await deployBuild({ text: 'v1' }, token);
    await deployBuild({ text: 'v2' }, token);
    const session = (await t.repos.sessions.create(ADMIN_EMAIL)).id;
    const list = await t.app.inject({ url: '/api/admin/deployments', cookies: { studio_session: session } });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().remotes.map((r: { remote: string; versions: unknown[] }) => [r.remote, r.versions.length]),
    ).toEqual([
      ['public-site', 2],
      ['admin-app', 0],
    ]);
    const back = await t.app.inject(
      withCsrf({
        method: 'POST',
        url: '/api/admin/deployments/public-site/live',
        cookies: { studio_session: session },
        payload: { version: v1 },
      }),
    );
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ toVersion: v1, kind: 'rollback', switchedBy: ADMIN_EMAIL });
    expect(await manifestUrlInHtml()).toBe(`/remotes/public-site/v/${v1}/mf-manifest.json`);
  });
});
