// Preloaded (NODE_OPTIONS=--require) into every node process of the compiled-server test: writes what the process was
// started with (its arguments, node's own options, NODE_OPTIONS as the process sees it), and on exit every CommonJS
// module it loaded, to STUDIO_MODULE_RECORD_DIR/<pid>.json. The test reads them to prove that `npm start` loads no
// TypeScript loader and no TypeScript file.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.STUDIO_MODULE_RECORD_DIR;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.json`);
  const write = (modules) =>
    writeFileSync(
      file,
      JSON.stringify({
        pid: process.pid,
        argv: process.argv,
        execArgv: process.execArgv,
        nodeOptions: process.env.NODE_OPTIONS ?? null,
        modules,
      }),
    );
  write(null);
  process.on('exit', () => write(Object.keys(require.cache)));
}
