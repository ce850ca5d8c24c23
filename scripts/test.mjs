// npm test: what CI runs. Installs what is missing (npm packages; Debian's chromium-headless-shell as root), then
// typecheck, lint (Biome and the import rules), unit + API integration tests (Vitest), the crash test
// (npm run test:chaos), the builds of the shop and the back office and the browser journeys (Playwright). Ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, ensureDependencies, root, run } from './lib.mjs';

const results = path.join(root, 'test-results');

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing: run "sudo apt-get install -y chromium-headless-shell" (it must be at ${CHROMIUM}), then npm test again.`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium-headless-shell...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error('Installing chromium with apt-get failed.');
      process.exit(1);
    }
  }
}

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '') ?? ''
  );
}

/** Playwright's failed tests (unexpected outcome) from its JSON report's nested suites. */
function playwrightFailures(suite, out) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected') {
        const error = t.results?.at(-1)?.error?.message;
        out.push(`${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, out);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

ensureDependencies();
ensureChromium();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const checks = [];
let passed = 0;
let failed = 0;
const started = Date.now();

async function step(name, command, args, env = {}) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  checks.push({ name, ok: code === 0, seconds: Math.round((Date.now() - t) / 1000) });
  return code === 0;
}

await step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
// Biome (lint and format, read-only) and the import rules of .dependency-cruiser.cjs.
await step('lint', 'npm', ['run', 'lint:ci', '--silent']);

const vitestJson = path.join(results, 'vitest.json');
await step('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
// The names of failed tests, printed again at the end: a long run's failure is easy to lose above.
const failures = [];
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numTotalTests === 0 ? 1 : 0);
  // Vitest has been seen to exit 0 with a failed test in its report: the report decides.
  if (vitest.numFailedTests > 0) {
    const step = checks.at(-1);
    if (step) step.ok = false;
  }
  for (const file of vitest.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failures.push(`${path.relative(root, file.name)}: ${firstLine(file.message)}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed') {
        failures.push(
          `${path.relative(root, file.name)} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`,
        );
      }
    }
  }
} else {
  failed += 1;
}

// Purchases while the API is killed with SIGKILL (scripts/chaos.ts), then the ledger reconciled.
const chaos = await step(
  'crash test (API killed during purchases)',
  process.execPath,
  ['--import', 'tsx', 'scripts/chaos.ts'],
  {
    CHAOS_SECONDS: '20',
    CHAOS_KILLS: '4',
  },
);
if (chaos) passed += 1;
else failed += 1;

const built = await step('build (shop and back office)', 'npm', ['run', 'build', '--silent']);
if (built) {
  const playwrightJson = path.join(results, 'playwright.json');
  await step(
    'end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    },
  );
  const pw = readJson(playwrightJson);
  if (pw?.stats) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected + (pw.stats.expected + pw.stats.unexpected === 0 ? 1 : 0);
    for (const suite of pw.suites ?? []) playwrightFailures(suite, failures);
  } else {
    failed += 1;
  }
}

const failedChecks = checks.filter((c) => !c.ok);
console.log('\n=== summary ===');
for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name} (${c.seconds} s)`);
console.log(`total ${Math.round((Date.now() - started) / 1000)} s`);
for (const f of failures) console.log(`failed: ${f}`);
console.log(
  `${passed} passed, ${failed + failedChecks.filter((c) => c.name === 'typecheck' || c.name === 'lint').length} failed`,
);
process.exit(failedChecks.length > 0 || failed > 0 ? 1 : 0);
