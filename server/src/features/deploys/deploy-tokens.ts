// Deploy tokens (docs/deploy.md): issued by the host's command for one remote, shown once, presented by a team's CI
// as `Authorization: Bearer`. Store-agnostic: the storage keeps each token's record and its SHA-256 (DeploysStore).
import { randomBytes, randomUUID } from 'node:crypto';
import type { DeployToken, DeploysStore } from './deploys-store';
import { sha256Hex } from '../../platform/hash';

/** What a presented token is worth for one remote. */
export type TokenCheck =
  { ok: true; token: DeployToken } | { ok: false; reason: 'missing' | 'unknown' | 'revoked' | 'other-remote' };

/** A deploy token: a prefix that makes it recognisable in a leaked log or file, and 256 random bits. */
export const TOKEN_PREFIX = 'studio_deploy_';
const TOKEN_FORMAT = /^studio_deploy_[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => sha256Hex(token);

/** Issues a token for one remote: the token is answered once, the store keeps only its hash. */
export async function issueDeployToken(
  store: DeploysStore,
  remote: string,
  label: string,
  at: string,
): Promise<{ token: string; record: DeployToken }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const record: DeployToken = { id: randomUUID(), remote, label, createdAt: at, revokedAt: null };
  await store.addToken(record, hashToken(token));
  return { token, record };
}

/** What a presented token is worth for one remote. */
export async function checkDeployToken(
  store: DeploysStore,
  remote: string,
  token: string | undefined,
): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  if (!TOKEN_FORMAT.test(token)) return { ok: false, reason: 'unknown' };
  const found = await store.tokenByHash(hashToken(token));
  if (!found) return { ok: false, reason: 'unknown' };
  if (found.revokedAt !== null) return { ok: false, reason: 'revoked' };
  if (found.remote !== remote) return { ok: false, reason: 'other-remote' };
  return { ok: true, token: found };
}
