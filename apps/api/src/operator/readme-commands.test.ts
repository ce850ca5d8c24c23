import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATOR_COMMANDS } from './registry.ts';

const readme = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
  'utf8',
);

describe("the README's operator commands", () => {
  it('lists every command of the registry, as an operator types it', () => {
    const section = readme.slice(readme.indexOf('## Operator commands'), readme.indexOf('## Configuration'));
    const listed = [...section.matchAll(/^npm run operator -- ([a-z]+:[a-z]+)/gm)].map((m) => m[1]);
    // A command may be shown more than once (one line per way of using it).
    expect([...new Set(listed)].sort()).toEqual(OPERATOR_COMMANDS.map((c) => c.name).sort());
    expect(section).not.toContain('--operator');
  });
});
