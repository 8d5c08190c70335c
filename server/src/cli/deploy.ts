// `npm run deploy -- <remote> [build-dir]` and its rollback (cli/deploy-commands.ts says how). `npm run build`
// compiles it to server/dist/cli/deploy.js, which the npm script runs with plain node.
import path from 'node:path';
import { runDeployCommand } from './deploy-commands';

runDeployCommand(process.argv.slice(2), {
  env: process.env,
  // server/dist/cli/deploy.js (or server/src/cli/deploy.ts under tsx): the repository is three folders up.
  repoRoot: path.resolve(__dirname, '..', '..', '..'),
  print: (line) => console.log(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
