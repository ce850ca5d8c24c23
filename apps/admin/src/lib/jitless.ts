/**
 * zod without eval, set before any schema exists: main.tsx imports this module first, so it runs
 * before the contract's modules make their schemas. zod otherwise probes for `new Function` when it
 * makes its first object schema and compiles a parser with it on first use; the back office's
 * Content-Security-Policy (no 'unsafe-eval') refuses both, and reports the refusal even when zod
 * catches it. Jitless, every parse takes zod's interpreted path.
 */
import { config } from 'zod';

config({ jitless: true });
