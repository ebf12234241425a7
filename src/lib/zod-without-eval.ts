// Imported first by main.tsx, before any schema exists. zod compiles object parsers with `new Function` when it
// can, and probes for that when a schema is created; the console's Content-Security-Policy forbids eval, so
// each probe is refused and reported as a violation. Without the compiled path zod parses the same, by
// interpretation. zod/mini's `config` is the one both APIs share; importing it keeps all of zod off the sign-in page.
import { config } from 'zod/mini';

config({ jitless: true });
