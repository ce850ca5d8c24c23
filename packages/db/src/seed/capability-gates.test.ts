/**
 * A demo segment switches on only what works: every capability it has must be checked somewhere in
 * the storefront or the API (a page's route record, a `siteHas` check, an API gate), or the site
 * would advertise a feature it does not have. A capability named only in its own list, or only in
 * tests, fails here; switch it off in the seed (OFF_IN_DEMO) until its feature lands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAPABILITIES } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES, LITE_CAPABILITIES, OFF_IN_DEMO, UK_CAPABILITIES } from './content.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const SOURCES = ['apps/web/app', 'apps/api/src'];

/** Where a file checks capabilities: it calls one of the gates, or declares route records. */
const GATE =
  /\b(siteHas|hasCapabilities|capabilityGate|capabilityHook|requireCapability|requireCapabilities|pageOn|isPageOn)\b|capability: \[|sitemapUnlessCapability|OFFER_CAPABILITY/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const gateFiles = SOURCES.flatMap(sourceFiles)
  .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  .filter((file) => GATE.test(file.text));

/** The files that check a capability: they name it in quotes and use a gate. */
function checkedIn(capability: string): string[] {
  return gateFiles.filter((file) => file.text.includes(`'${capability}'`)).map((file) => file.path);
}

describe('capabilities of the demo segments', () => {
  it.each([...new Set([...DEFAULT_CAPABILITIES, ...LITE_CAPABILITIES, ...UK_CAPABILITIES])])(
    '%s gates something',
    (capability) => {
      expect(
        checkedIn(capability),
        `${capability} is on in a demo segment but no page or call checks it`,
      ).not.toEqual([]);
    },
  );

  it('are known capabilities, and those left off are off in every demo segment', () => {
    for (const name of [...DEFAULT_CAPABILITIES, ...LITE_CAPABILITIES, ...UK_CAPABILITIES, ...OFF_IN_DEMO]) {
      expect(CAPABILITIES).toContain(name);
    }
    for (const name of OFF_IN_DEMO) {
      expect(DEFAULT_CAPABILITIES).not.toContain(name);
      expect(LITE_CAPABILITIES).not.toContain(name);
      expect(UK_CAPABILITIES).not.toContain(name);
    }
  });

  it('the check notices a capability no file names', () => {
    expect(checkedIn('no_such_capability')).toEqual([]);
    expect(checkedIn('membership_program').length).toBeGreaterThan(0);
  });
});
