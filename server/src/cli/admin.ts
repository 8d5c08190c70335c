// `npm run admin -- <command>`: the host's commands on the server (cli/admin-commands.ts says which). Only runs them.
// `npm run build` compiles it to server/dist/cli/admin.js, which the npm script runs with plain node.
import { optionsFromEnv } from '../config';
import { runAdminCommand } from './admin-commands';

runAdminCommand(process.argv.slice(2), { options: optionsFromEnv(), print: (line) => console.log(line) }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
