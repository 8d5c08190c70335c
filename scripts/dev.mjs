// `npm run dev`: every bundle rebuilt on change (webpack --watch, development mode) and the server restarted on
// change (tsx watch), on http://localhost:8080 (PORT to change). Reload the browser after a rebuild.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const jobs = [
  ...['shell', 'public-site', 'admin-app'].map((app) => ({
    name: app,
    cwd: path.join(root, app),
    cmd: bin('webpack'),
    args: ['-c', 'webpack.config.cjs', '--mode', 'development', '--watch'],
  })),
  { name: 'server', cwd: path.join(root, 'server'), cmd: bin('tsx'), args: ['watch', 'src/server.ts'] },
];

const children = jobs.map((job) => {
  const child = spawn(job.cmd, job.args, { cwd: job.cwd, env: process.env });
  const prefix = (stream, out) => stream.on('data', (d) => out.write(String(d).replace(/^(?=.)/gm, `[${job.name}] `)));
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`[${job.name}] exited with ${code}`);
  });
  return child;
});

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
