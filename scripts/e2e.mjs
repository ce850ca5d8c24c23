// npm run test:e2e [-- <spec file> | -g <pattern>]: the Playwright journeys against the built shop
// (run `npm run build` first). The config starts the whole shop on free ports with the demo mailbox.
import path from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
const code = await run(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    // The list reporter talks; the JSON report goes to a file instead of the terminal.
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME:
        process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'test-results', 'playwright.json'),
    },
  },
);
process.exit(code);
