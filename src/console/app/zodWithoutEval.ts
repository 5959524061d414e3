// The console's CSP forbids eval. zod compiles object schemas with `new Function` when it may, and
// probes for it when the first schema is made: the browser reports that probe as a CSP violation on
// every page. Imported first by main.tsx, before any schema exists.
import { config } from 'zod';

config({ jitless: true });
