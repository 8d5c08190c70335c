// `npm run deploy -- <remote> [build-dir]` and its rollback (cli/deploy-commands.ts says how). `npm run build`
// compiles it to server/dist/cli/deploy.js, which the npm script runs with plain node.
import path from 'node:path';
import { loadToolSettings } from '../platform/settings-file';
import { runDeployCommand } from './deploy-commands';

// The deploy command runs in a team's CI as often as on the server: it reads a settings file only when one is named or
// the server's is there, and its own environment (STUDIO_URL, STUDIO_DEPLOY_TOKEN) wins over the file.
let settings: ReturnType<typeof loadToolSettings> | undefined;
try {
  settings = loadToolSettings(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
if (settings)
  void runDeployCommand(settings.args, {
    env: settings.env,
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
