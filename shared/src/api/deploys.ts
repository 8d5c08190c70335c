// The deploys of the remotes (docs/deploy.md, "Deploying a remote on its own"): the deploy API the deploy command
// talks to with a remote's token, and the admin's Deployments view. Its own entry (@studio/shared/schemas/deployment),
// so no visitor's page loads it.
import { z } from './zod';
import { line } from './text-rules';

export const REMOTE_NAMES = ['public-site', 'admin-app'] as const;
export const remoteNameSchema = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/** A version: the first 16 hex digits of its content's SHA-256. */
export const versionSchema = z.string().regex(/^[0-9a-f]{16}$/, { message: 'Must be a version (16 hex digits)' });

export const remoteParamsSchema = z.strictObject({ remote: remoteNameSchema });

/** Who deployed: the name the deploy command sends (STUDIO_DEPLOYER, else the user and host it runs as). */
export const deployerSchema = line(100, { trim: true });

export const uploadedVersionSchema = z.strictObject({
  remote: remoteNameSchema,
  version: versionSchema,
  /** False when the same build was uploaded before: the same content is the same version. */
  created: z.boolean(),
  files: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedVersion = z.infer<typeof uploadedVersionSchema>;

/** Going live: a kept version; without one (the deploy command's rollback), the version live before the current. */
export const switchRequestSchema = z.strictObject({
  version: versionSchema.optional(),
  by: deployerSchema.optional(),
  kind: z.enum(['deploy', 'rollback']).optional(),
});

/** The admin's rollback from the dashboard: always a named version. */
export const adminSwitchRequestSchema = z.strictObject({ version: versionSchema });

export const switchRecordSchema = z.strictObject({
  remote: remoteNameSchema,
  fromVersion: versionSchema.nullable(),
  toVersion: versionSchema,
  switchedAt: z.string(),
  switchedBy: z.string(),
  kind: z.enum(['deploy', 'rollback']),
});
export type SwitchRecord = z.infer<typeof switchRecordSchema>;

export const deployedVersionSchema = z.strictObject({
  version: versionSchema,
  createdAt: z.string(),
  deployedBy: z.string(),
  tokenLabel: z.string(),
  live: z.boolean(),
  /** Recorded but its files are not on the site (restored without them): never live, and no rollback goes to it. */
  missing: z.boolean(),
  files: z.number().int(),
  bytes: z.number().int(),
});
export type DeployedVersion = z.infer<typeof deployedVersionSchema>;

export const remoteDeploymentsSchema = z.strictObject({
  remote: remoteNameSchema,
  /** null: nothing was deployed (or the version recorded live has no files), the build output is live. */
  live: versionSchema.nullable(),
  previous: versionSchema.nullable(),
  /** Newest first; the kept ones. */
  versions: z.array(deployedVersionSchema),
  /** Newest first; the last switches. */
  history: z.array(switchRecordSchema),
});
export type RemoteDeployments = z.infer<typeof remoteDeploymentsSchema>;

export const versionParamsSchema = z.strictObject({ remote: remoteNameSchema, version: versionSchema });

/** A signed preview address of a kept version: for her session only, until it expires (docs/deploy.md). */
export const versionPreviewSchema = z.strictObject({
  remote: remoteNameSchema,
  version: versionSchema,
  /** The page to open: a page of the site with the version in place of the live one. */
  url: z.string(),
  expiresAt: z.string(),
});
export type VersionPreview = z.infer<typeof versionPreviewSchema>;

export const deploymentsSchema = z.strictObject({
  remotes: z.array(remoteDeploymentsSchema),
  /** Whether a deploy token was ever issued: without one no team deploys, and her dashboard shows no Deployments tab. */
  tokens: z.boolean(),
});
export type Deployments = z.infer<typeof deploymentsSchema>;
