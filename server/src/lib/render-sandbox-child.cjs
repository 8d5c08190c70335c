// The sandboxed renderer (lib/render-sandbox.ts starts it): the only process that runs the deployed server entries
// (the shell's and a public-site version's ssr/index.js). Plain JavaScript on purpose: it runs under Node's permission
// model without any loader (a TypeScript loader would need to spawn its compiler, which the sandbox forbids).
//
// What it is given: read access to the two entries' folders and React's packages, nothing else (no writes, no child
// processes, no workers, no addons: Node's permission model); an empty environment; IPC to the server. What the
// entries are given: a fresh vm context holding only the globals rendering needs, a `require` that answers React's
// packages and nothing else, code generation from strings off (node --disallow-code-generation-from-strings, and the
// context's own codeGeneration) and no dynamic import() (no importModuleDynamically): from inside, neither `process`
// nor any Node module (net, dgram, http, fs, ...) can be named, built from a string or imported.
//
// Everything the server receives from here is checked there as untrusted (render-sandbox.ts): a compromised child can
// only ask for the public reads the server allows and answer HTML.
'use strict';
const vm = require('node:vm');
const { readFileSync } = require('node:fs');

// Kept in this module's scope only: the global `process` is deleted before any entry runs (below).
const proc = process;
const config = JSON.parse(proc.argv[2] || '{}');
const send = proc.send.bind(proc);
const onMessage = (listener) => proc.on('message', listener);
const exit = proc.exit.bind(proc);
// The server is gone (its end of the channel closed): nothing is left to render for. A server killed while this
// process is busy is covered by the parent-death signal it was started with (render-sandbox.ts).
proc.once('disconnect', () => exit(0));

// React's packages, resolved by the server (so nothing here needs to look around node_modules) and loaded before the
// entries run: the entries get these and only these.
const modules = new Map();
for (const [name, file] of Object.entries(config.modules || {})) modules.set(name, require(file));

// Web APIs the bundles use while rendering (URLs, text, timers, base64). No fetch, no process, no Buffer, no require:
// a page's data comes through the backend the server answers over IPC.
const contextGlobals = {
  URL,
  URLSearchParams,
  TextEncoder,
  TextDecoder,
  AbortController,
  AbortSignal,
  Event,
  EventTarget,
  atob,
  btoa,
  structuredClone,
  queueMicrotask,
  setTimeout,
  clearTimeout,
  setInterval,
  clearInterval,
  setImmediate,
  clearImmediate,
  console: Object.fromEntries(['log', 'info', 'warn', 'error', 'debug', 'trace'].map((m) => [m, () => undefined])),
};
const context = vm.createContext(contextGlobals, {
  name: 'server entries',
  codeGeneration: { strings: false, wasm: false },
});

const entryRequire = (name) => {
  if (modules.has(name)) return modules.get(name);
  throw new Error(`A server entry may require only React's packages, not "${name}".`);
};

/** Runs a CommonJS bundle inside the context: its own module object, the require above, no import(). */
function loadEntry(file) {
  const source = readFileSync(file, 'utf8');
  const wrapper = vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: file,
    parsingContext: context,
  });
  const module = vm.runInContext('({ exports: {} })', context);
  wrapper.call(module.exports, module.exports, entryRequire, module, undefined, undefined);
  return module.exports;
}

// The host realm loses what could reach the outside before any entry runs: were an entry to find the host's global
// object through a React object, it would find no process (so no bindings, no env, no IPC handle) and no fetch.
for (const name of ['process', 'fetch', 'WebSocket', 'EventSource', 'Request', 'Response', 'Headers', 'FormData']) {
  delete globalThis[name];
}

const describeError = (error) => {
  try {
    if (error instanceof Error || (error && typeof error.message === 'string'))
      return `${String(error.name || 'Error')}: ${String(error.message)}`;
    return String(error);
  } catch {
    return 'an error that could not be described';
  }
};

let shell;
let site;
try {
  shell = loadEntry(config.shellEntry);
  site = loadEntry(config.siteEntry);
  if (typeof shell.shellFrame !== 'function') throw new Error('The shell entry exports no shellFrame.');
  if (typeof site.renderPublicSite !== 'function')
    throw new Error('The public-site entry exports no renderPublicSite.');
} catch (error) {
  send({ type: 'load-failed', message: describeError(error) }, () => exit(1));
  return;
}

// The page's reads go to the server: backend.<port>.<method>(...args) becomes one IPC message, answered with the
// value or the error's code and message.
let nextCall = 0;
const calls = new Map();
function backendFor(renderId) {
  const portProxy = (port) =>
    new Proxy(
      {},
      {
        get(_target, method) {
          if (typeof method !== 'string' || method === 'then') return undefined;
          return (...args) =>
            new Promise((resolve, reject) => {
              const call = ++nextCall;
              calls.set(call, { resolve, reject });
              send({ type: 'read', render: renderId, call, port, method, args });
            });
        },
      },
    );
  return new Proxy(
    {},
    {
      get(_target, port) {
        if (typeof port !== 'string' || port === 'then') return undefined;
        return portProxy(port);
      },
    },
  );
}

async function render({ id, url, brand, formPost }) {
  const backend = backendFor(id);
  const { html, data } = await site.renderPublicSite({
    backend,
    formPost,
    frame: (publicSite) => shell.shellFrame({ url, brand, backend, publicSite }),
  });
  if (typeof html !== 'string') throw new Error('renderPublicSite answered no HTML.');
  return { html, data: Array.isArray(data) ? data : [] };
}

onMessage((message) => {
  if (message.type === 'render') {
    render(message).then(
      (page) => send({ type: 'rendered', id: message.id, ...page }),
      (error) => send({ type: 'failed', id: message.id, message: describeError(error) }),
    );
  } else if (message.type === 'answer') {
    const call = calls.get(message.call);
    if (!call) return;
    calls.delete(message.call);
    if (message.ok) call.resolve(message.value);
    else
      call.reject(Object.assign(new Error(message.error.message), { name: 'BackendError', code: message.error.code }));
  }
});

send({ type: 'ready' });
