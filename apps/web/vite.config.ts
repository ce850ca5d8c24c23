import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3100 },
  // The menu dialog is imported on first use; optimise it up front so dev does not reload then.
  optimizeDeps: { include: ['@radix-ui/react-dialog'] },
  // The ticket, quick pick, price and odds rules are only used by the play panel of offer pages: a
  // chunk of their own keeps them out of the shared domain chunk that every page (home too) loads.
  // The validation messages they import stay in the shared chunk, where the forms find them. The
  // domain package is pure rules (no side effects on import), so its unused modules are never loaded.
  build: {
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'domain', test: /packages[\\/]domain[\\/]src[\\/]validation-messages\.ts$/, priority: 2 },
            {
              name: 'play-rules',
              test: /packages[\\/]domain[\\/]src[\\/](ticket|quick-pick|odds|entry-price|games)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
