import Module, { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-orm is installed under packages/db/node_modules only, while drizzle-kit is hoisted to the
// root. Let drizzle-kit find it: an ESM resolve hook for its import(), NODE_PATH for its require().
const dbModules = path.resolve('packages/db/node_modules');
register(pathToFileURL(path.resolve('packages/db/drizzle-orm-hook.mjs')).href);
process.env.NODE_PATH = [dbModules, process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
(Module as unknown as { _initPaths: () => void })._initPaths();

// Run from the repository root: npx drizzle-kit generate --config packages/db/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
});
