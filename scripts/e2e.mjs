// npm run test:e2e [-- <spec file> | -g <pattern>]: builds the shop and the back office (`npm run build`), then runs the
// Playwright journeys against it; extra arguments go to Playwright. The config starts the whole shop
// on free ports with the demo mailbox.
import path from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
const built = await run('npm', ['run', 'build', '--silent']);
if (built !== 0) {
  console.error('The build failed; no journeys were run.');
  process.exit(built);
}
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
