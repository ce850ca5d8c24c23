import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '4000';

// A static single-page app: `vite build` writes dist/, which server.mjs serves with the back office's
// security headers. Nothing inline: the Content-Security-Policy allows only this origin's files.
export default defineConfig({
  plugins: [tailwindcss()],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every script and style is a file (no data: URLs, no inline modulepreload helper).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // One file of about 540 kB (160 kB gzipped), zod and the contract's schemas of the answers included
    // (ADR 065): loaded once per operator and cached as immutable.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // React Router marks its module "use client" for server components, which a browser bundle ignores.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  // `npm run dev -w @drawhouse/admin`: the API's /admin calls go to the API, as server.mjs sends them.
  server: {
    port: Number(process.env.ADMIN_PORT ?? 3100),
    proxy: { '/admin': { target: process.env.API_URL ?? `http://127.0.0.1:${apiPort}` } },
  },
});
