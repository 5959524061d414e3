// The console's CSP forbids eval. zod compiles object schemas with `new Function` when it may, and
// probes for it when the first schema is made: the browser reports that probe as a CSP violation on
// every page. The console's build resolves every `import ... from 'zod'` to this module
// (vite.config.ts), so zod is set jitless before any schema exists, in whichever chunk first needs
// it: zod itself stays off the login page's first paint.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
