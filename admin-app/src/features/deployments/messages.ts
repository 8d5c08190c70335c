// The Deployments view's texts: in its own lazy chunk with it.
export const deploymentMessages = {
  heading: 'Deployments',
  intro:
    'Each part of the site is deployed on its own by its team. Here you see which version is live, and can go back to an earlier one at once.',
  remote: { 'public-site': 'Public site', 'admin-app': 'Dashboard' } as Record<string, string>,
  buildOutput: 'The version built with the site is live: nothing was deployed yet.',
  noVersions: 'No versions deployed yet.',
  version: 'Version',
  deployed: 'Deployed',
  by: 'By',
  state: 'State',
  live: 'Live',
  uploaded: 'Uploaded, never live',
  missing: 'Files missing (restored without them): deploy this build again to use it',
  rollBack: 'Roll back',
  preview: 'Preview',
  previewLabel: (remote: string, version: string) => `Preview version ${version} of ${remote}`,
  openPreview: (version: string, until: string) => `Open the preview of ${version} (works until ${until})`,
  previewFailed: 'The preview address could not be made.',
  rollBackLabel: (remote: string, version: string) => `Roll ${remote} back to version ${version}`,
  confirmTitle: 'Roll back?',
  confirmText: (remote: string, from: string | null, to: string) =>
    `${remote} goes back to version ${to}${from ? ` (now ${from})` : ''}. New page loads get it at once; pages already open keep the version they loaded.`,
  confirm: 'Roll back now',
  rollingBack: 'Rolling back…',
  rolledBack: (remote: string, version: string) => `${remote} is back on version ${version}.`,
  failed: 'The rollback did not happen.',
  loadFailed: 'The deployments could not be loaded.',
  unsupported: 'Deployments of this site are managed in Firebase Hosting (its release history has the rollback).',
  recent: 'Recent switches',
  switched: (kind: string, from: string | null, to: string) =>
    `${kind === 'rollback' ? 'Rolled back' : 'Deployed'} ${to}${from ? ` (was ${from})` : ''}`,
};
