// The sandboxed renderer (features/pages/render-sandbox.ts starts it): the only process that runs the deployed server entries
// (the shell's and a public-site version's ssr/index.js). Plain JavaScript on purpose: it runs under Node's permission
// model without any loader (a TypeScript loader would need to spawn its compiler, which the sandbox forbids).
//
// What it is given: read access to the two entries' folders and React's packages, nothing else (no writes, no child
// processes, no workers, no addons: Node's permission model); an environment holding only NODE_ENV=production; a
// pipe to the server on fd 3, spoken in length-prefixed frames (render-frames.ts): the entries' bytes arrive there,
// checked by the server, and nothing else is read from disk but React's packages. What the entries are given: a fresh vm context holding only the globals rendering needs, a `require` that answers React's
// packages and nothing else, code generation from strings off (node --disallow-code-generation-from-strings, and the
// context's own codeGeneration) and no dynamic import() (no importModuleDynamically): from inside, neither `process`
// nor any Node module (net, dgram, http, fs, ...) can be named, built from a string or imported.
//
// Everything the server receives from here is checked there as untrusted (render-sandbox.ts): a compromised child can
// only ask for the public reads the server allows and answer HTML. The limits are kept here too, so an entry that
// goes past one gets an error it can read rather than a renderer ended by the server.
'use strict';
const vm = require('node:vm');
const net = require('node:net');

// Kept in this module's scope only: the global `process` is deleted before any entry runs (below).
const proc = process;
const config = JSON.parse(proc.argv[2] || '{}');
const limits = config.limits || { message: 64 * 1024, html: 4 * 1024 * 1024, data: 2 * 1024 * 1024 };
const exit = proc.exit.bind(proc);

// Frames, as render-frames.ts reads them: 4 bytes of body length (big-endian), 1 byte of kind, the body.
const FROM_CHILD = { ready: 1, loadFailed: 2, read: 3, rendered: 4, failed: 5 };
const TO_CHILD = { load: 11, render: 12, answer: 13 };
const channel = new net.Socket({ fd: 3, readable: true, writable: true });
// The server is gone (its end of the pipe closed): nothing is left to render for. A server killed while this process
// is busy is covered by the parent-death signal it was started with (render-process.ts).
channel.on('end', () => exit(0));
channel.on('error', () => exit(0));
const send = (kind, body) => {
  const header = Buffer.alloc(5);
  header.writeUInt32BE(body.length, 0);
  header[4] = kind;
  channel.write(Buffer.concat([header, body]));
};
const u32 = (value) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0, 0);
  return bytes;
};

/** The server's frames, whole (the server is trusted: no limit here). */
function onFrames(listener) {
  let buffered = Buffer.alloc(0);
  channel.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 5) {
      const length = buffered.readUInt32BE(0);
      if (buffered.length < 5 + length) return;
      const kind = buffered[4];
      const body = buffered.subarray(5, 5 + length);
      buffered = buffered.subarray(5 + length);
      listener(kind, body);
    }
  });
}

class TooLarge extends Error {}
/**
 * JSON.stringify that gives up once the text passes `limit` characters (a 300x300x300 array would otherwise be built
 * whole, 80 MB, before its size could be known). Values JSON has no spelling for go as JSON.stringify has them.
 */
function boundedJson(value, limit) {
  let length = 0;
  const add = (text) => {
    length += text.length;
    if (length > limit) throw new TooLarge();
    return text;
  };
  const walk = (v, inArray) => {
    if (v !== null && typeof v === 'object' && typeof v.toJSON === 'function') v = v.toJSON();
    if (v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') {
      return add(JSON.stringify(v));
    }
    if (typeof v !== 'object') return inArray ? add('null') : undefined;
    if (Array.isArray(v)) {
      add('[');
      const parts = [];
      for (let i = 0; i < v.length; i++) {
        if (i > 0) add(',');
        parts.push(walk(v[i], true) ?? add('null'));
      }
      add(']');
      return `[${parts.join(',')}]`;
    }
    add('{');
    const parts = [];
    for (const key of Object.keys(v)) {
      const item = walk(v[key], false);
      if (item === undefined) continue;
      if (parts.length > 0) add(',');
      parts.push(`${add(JSON.stringify(key))}${add(':')}${item}`);
    }
    add('}');
    return `{${parts.join(',')}}`;
  };
  return walk(value, false) ?? 'null';
}

// React's packages, resolved by the server (so nothing here needs to look around node_modules) and loaded before the
// entries run: the entries get these and only these.
const modules = new Map();
for (const [name, file] of Object.entries(config.modules || {})) modules.set(name, require(file));

// Web APIs the bundles use while rendering (URLs, text, timers, base64). No fetch, no process, no Buffer, no require:
// a page's data comes through the backend the server answers over the pipe.
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

/** Runs a CommonJS bundle (its bytes as the server checked them) inside the context: its own module, no import(). */
function loadEntry(file, source) {
  const wrapper = vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: file,
    parsingContext: context,
  });
  const module = vm.runInContext('({ exports: {} })', context);
  wrapper.call(module.exports, module.exports, entryRequire, module, undefined, undefined);
  return module.exports;
}

// The host realm loses what could reach the outside before any entry runs: were an entry to find the host's global
// object through a React object, it would find no process (so no bindings, no env) and no fetch; the pipe to the
// server is held in this module's scope only.
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
/** The entries' bytes from the server's first frame: [shell's length][shell][site]. */
function load(body) {
  try {
    const shellBytes = body.readUInt32BE(0);
    shell = loadEntry(config.shellEntry, body.toString('utf8', 4, 4 + shellBytes));
    site = loadEntry(config.siteEntry, body.toString('utf8', 4 + shellBytes));
    if (typeof shell.shellFrame !== 'function') throw new Error('The shell entry exports no shellFrame.');
    if (typeof site.renderPublicSite !== 'function')
      throw new Error('The public-site entry exports no renderPublicSite.');
  } catch (error) {
    send(FROM_CHILD.loadFailed, Buffer.from(describeError(error).slice(0, 500)));
    channel.end(() => exit(1));
    return;
  }
  send(FROM_CHILD.ready, Buffer.alloc(0));
}

// The page's reads go to the server: backend.<port>.<method>(...args) becomes one frame, answered with the value or
// the error's code and message.
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
              let body;
              try {
                body = boundedJson({ render: renderId, call: nextCall + 1, port, method, args }, limits.message);
              } catch (error) {
                if (!(error instanceof TooLarge)) throw error;
                throw new Error(`A read's name and arguments may take ${limits.message} bytes at most.`, {
                  cause: error,
                });
              }
              const call = ++nextCall;
              calls.set(call, { resolve, reject, name: `${port}.${method}`.slice(0, 100) });
              send(FROM_CHILD.read, Buffer.from(body));
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
  const markup = Buffer.from(html);
  if (markup.length > limits.html) throw new Error(`The page's HTML is larger than ${limits.html} bytes.`);
  let dataJson;
  try {
    dataJson = Buffer.from(boundedJson(Array.isArray(data) ? data : [], limits.data));
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    throw new Error(`The page's data is larger than ${limits.data} bytes.`, { cause: error });
  }
  if (dataJson.length > limits.data) throw new Error(`The page's data is larger than ${limits.data} bytes.`);
  return Buffer.concat([u32(id), u32(markup.length), markup, dataJson]);
}

onFrames((kind, body) => {
  if (kind === TO_CHILD.load) return load(body);
  const message = JSON.parse(body.toString('utf8'));
  if (kind === TO_CHILD.render) {
    render(message).then(
      (page) => send(FROM_CHILD.rendered, page),
      (error) =>
        send(FROM_CHILD.failed, Buffer.concat([u32(message.id), Buffer.from(describeError(error).slice(0, 500))])),
    );
  } else if (kind === TO_CHILD.answer) {
    const call = calls.get(message.call);
    if (!call) return;
    calls.delete(message.call);
    if (message.ok) call.resolve(message.value);
    else
      call.reject(
        Object.assign(new Error(`${message.error.message} (${call.name})`), {
          name: 'BackendError',
          code: message.error.code,
        }),
      );
  }
});
