// The zod every schema of the API is built with. zod 4 compiles object parsers with `new Function` unless told not
// to, and probes for eval when the first object schema is built; under the site's CSP (no 'unsafe-eval') that probe is
// reported as a violation. Every module of this folder takes `z` from here, so the setting is made before any of
// their schemas is built; it lives on globalThis, so it holds for every copy of zod on the page.
import { z } from 'zod';
import { config as zodConfig } from 'zod/v4/core';

zodConfig({ jitless: true });

export { z };
