import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3100 },
  // The menu dialog is imported on first use; optimise it up front so dev does not reload then.
  optimizeDeps: { include: ['@radix-ui/react-dialog'] },
  // The ticket, quick pick, price and odds rules are only used by the play panel of offer pages: a
  // chunk of their own keeps them out of what every page loads. The form messages they share with
  // the forms are a chunk of their own too; every page's layout loads only the error pages' copy and
  // the number formats (offer cards), so home loads neither the play rules nor the form messages. The
  // domain package is pure rules (no side effects on import), so its unused modules are never loaded.
  build: {
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'domain',
              test: /packages[\\/]domain[\\/]src[\\/](error-pages|number-format)\.ts$/,
              priority: 2,
            },
            {
              name: 'messages',
              test: /packages[\\/]domain[\\/]src[\\/]validation-messages\.ts$/,
              priority: 2,
            },
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
