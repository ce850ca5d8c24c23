import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3100 },
  // The menu dialog is imported on first use; optimise it up front so dev does not reload then.
  optimizeDeps: { include: ['@radix-ui/react-dialog'] },
});
