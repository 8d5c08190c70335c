// Writes the runtime configuration into the built shell's index.html for Firebase Hosting (the embedded server
// does this per request): where each remote's mf-manifest.json lives, the model's name, and the backend.
//   STUDIO_PUBLIC_SITE_URL=https://<project>-public-site.web.app/ STUDIO_ADMIN_APP_URL=https://<project>-admin-app.web.app/ \
//   MODEL_NAME='Ava Monroe' node firebase/scripts/write-runtime-config.mjs [shell/dist]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'shell/dist');
const base = (name) => {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required (the URL the remote is deployed at).`);
    process.exit(1);
  }
  return value.endsWith('/') ? value : `${value}/`;
};
const config = {
  remotes: {
    'public-site': `${base('STUDIO_PUBLIC_SITE_URL')}mf-manifest.json`,
    'admin-app': `${base('STUDIO_ADMIN_APP_URL')}mf-manifest.json`,
  },
  modelName: process.env.MODEL_NAME ?? 'Ava Monroe',
  backend: 'firebase',
};
const file = path.join(dir, 'index.html');
const html = readFileSync(file, 'utf8');
const tag = /<script id="studio-config" type="application\/json">[\s\S]*?<\/script>/;
if (!tag.test(html)) {
  console.error(`${file} has no studio-config script tag.`);
  process.exit(1);
}
const json = JSON.stringify(config).replace(/</g, '\\u003c');
writeFileSync(file, html.replace(tag, `<script id="studio-config" type="application/json">${json}</script>`));
console.log(`Runtime config written to ${file}`);
