// Builds every bundle for production: the two remotes and the shell, in parallel (each is its own webpack), and
// compiles the server (build-server.mjs).
import { spawn } from 'node:child_process';
import { buildServer } from './build-server.mjs';

const apps = ['shell', 'public-site', 'admin-app'];
const started = Date.now();
const run = (app) =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['webpack', '-c', 'webpack.config.cjs', '--mode', 'production'], {
      cwd: new URL(`../${app}/`, import.meta.url),
      stdio: 'inherit',
      env: process.env,
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${app} build failed (exit ${code})`))));
  });

try {
  await Promise.all([...apps.map(run), buildServer()]);
  console.log(`Built ${apps.join(', ')} and the server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
