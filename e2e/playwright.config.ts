import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, freePort } from '../scripts/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Chosen once in the runner process; its workers inherit the environment, so they agree on the ports.
process.env.E2E_WEB_PORT ??= String(await freePort());
process.env.E2E_API_PORT ??= String(await freePort());
process.env.E2E_ADMIN_PORT ??= String(await freePort());
process.env.E2E_PG_PORT ??= String(await freePort());
process.env.E2E_CONNECTID_PORT ??= String(await freePort());
process.env.E2E_APPLE_PORT ??= String(await freePort());
process.env.E2E_GOOGLE_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'drawhouse-e2e-'));
// The shop runs as a production build, which refuses the development app secret; e2e/api.ts signs with this.
process.env.WEB_APP_SECRET ??= randomBytes(32).toString('hex');
// The shop's session seal: session-edges.spec.ts reads and reseals a session cookie with it.
process.env.E2E_SESSION_SECRET ??= randomBytes(32).toString('hex');

const baseURL = `http://127.0.0.1:${process.env.E2E_WEB_PORT}`;
const DRAW_JOURNEYS = /(winnings|fresh-draws|back-office-banner|back-office-navigation)\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results/playwright'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Two workers share two cores with the shop, the API and PostgreSQL: a long journey takes 30 s there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: DRAW_JOURNEYS },
    // Journeys that close a game's soonest draw run after the others, so no other journey's cart
    // loses its draw half-way through; so do the ones that change the banner and navigation every page shows.
    { name: 'draws', testMatch: DRAW_JOURNEYS, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node --import tsx scripts/serve.ts',
    cwd: root,
    url: `${baseURL}/blank.html`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_WEB_PORT,
      API_PORT: process.env.E2E_API_PORT,
      // The back office (apps/admin/server.mjs); invitation mails link to it.
      ADMIN_PORT: process.env.E2E_ADMIN_PORT,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT,
      // The sandbox ConnectID provider (scripts/serve.ts starts it).
      CONNECTID_PORT: process.env.E2E_CONNECTID_PORT,
      // The sandbox Apple and Google providers (scripts/serve.ts starts them).
      APPLE_PORT: process.env.E2E_APPLE_PORT,
      GOOGLE_PORT: process.env.E2E_GOOGLE_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATA_PERSISTENT: 'false',
      SERVE_QUIET: '1',
      TRUST_PROXY: '1',
      // The shop's address as the browser uses it: the API sends the 3-D Secure frame and PayPal back to it.
      WEB_BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The journeys read mail from the development mailbox.
      DEV_MAILBOX: '1',
      // The production build checks every API answer against the contract, as development does.
      CHECK_API_ANSWERS: '1',
      WEB_APP_SECRET: process.env.WEB_APP_SECRET,
      SESSION_SECRET: process.env.E2E_SESSION_SECRET,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
