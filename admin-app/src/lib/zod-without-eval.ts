// zod 4 compiles object parsers with `new Function` unless told not to, and probes for eval when the first object
// schema is built. Under the site's CSP (script-src without 'unsafe-eval') that caught probe is still reported as a
// securitypolicyviolation, which the CSP browser test counts. The choice is made when a schema is built, so this
// runs before @studio/shared/schemas builds its schemas: it is app.tsx's first import. The setting lives on
// globalThis, so it holds for whichever copy of zod the shared schemas module came with.
import { config } from 'zod/v4/core';

config({ jitless: true });
