/**
 * The draw engine knows none of the modules that follow its moves: the `draws-not-followers` rule of
 * .dependency-cruiser.cjs forbids the draws module to import checkout, recurring or lotto party, and
 * the module keeps to it (they follow its outbox events instead).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const RULE = 'draws-not-followers';

async function rules() {
  return extractDepcruiseConfig(path.join(root, '.dependency-cruiser.cjs'));
}

describe('the draws module imports', () => {
  it('has a rule forbidding it the modules that follow its moves', async () => {
    const rule = (await rules()).forbidden?.find((r) => r.name === RULE);
    if (!rule || !('to' in rule)) throw new Error(`no ${RULE} rule`);
    expect(rule.severity).toBe('error');
    const from = new RegExp(String(rule.from.path));
    const to = new RegExp(String(rule.to.path));
    expect(from.test('apps/api/src/modules/draws/draw-engine.service.ts')).toBe(true);
    for (const followed of ['checkout', 'recurring', 'lotto-party']) {
      expect(to.test(`apps/api/src/modules/${followed}/index.ts`), followed).toBe(true);
    }
    expect(to.test('apps/api/src/modules/outbox/index.ts')).toBe(false);
  });

  it('keeps to it', async () => {
    const config = await rules();
    const result = await cruise(
      ['apps/api/src/modules/draws'],
      {
        ...config.options,
        baseDir: root,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
        // Each import of the module is read, none followed further.
        doNotFollow: { path: ['(^|/)node_modules/', '^(?!apps/api/src/modules/draws/)'] },
      },
      undefined,
      { tsConfig: extractTSConfig(path.join(root, 'tsconfig.base.json')) },
    );
    if (typeof result.output === 'string') throw new Error('cruise answered text');
    const broken = result.output.summary.violations
      .filter((v: IViolation) => v.rule.name === RULE)
      .map((v: IViolation) => `${v.from} -> ${v.to}`);
    expect(broken).toEqual([]);
    const cruised = result.output.modules.map((m) => m.source);
    expect(cruised).toContain('apps/api/src/modules/draws/draw-engine.service.ts');
  }, 30_000);
});
