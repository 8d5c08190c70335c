// `npm run admin -- <command>`: the host's commands on the server (cli/admin-commands.ts says which). Only runs them.
// `npm run build` compiles it to server/dist/cli/admin.js, which the npm script runs with plain node.
import { runAdminCommand } from './admin-commands';
import { startTool } from './tool-settings';

const tool = startTool(process.argv.slice(2));
if (!tool) process.exitCode = 1;
else
  runAdminCommand(tool.args, { options: tool.options, print: (line) => console.log(line) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`The command failed: ${(error as Error).message}`);
      process.exitCode = 1;
    },
  );
