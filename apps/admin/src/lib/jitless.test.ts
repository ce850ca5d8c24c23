import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('zod in the back office never evaluates code (the CSP has no unsafe-eval)', () => {
  it('is made jitless by the entry’s first import', () => {
    const entry = readFileSync(new URL('../main.tsx', import.meta.url), 'utf8');
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import './lib/jitless';");
  });

  it('makes the contract’s schemas and parses answers with them without `new Function`', async () => {
    // `Function` as a Content-Security-Policy without 'unsafe-eval' leaves it: every use refused (and
    // noted, as the browser reports it even when the caller catches the refusal).
    const evaluated: string[] = [];
    const refusing = new Proxy(Function, {
      construct(_target, args: string[]) {
        evaluated.push(args.join(', '));
        throw new EvalError('Refused to evaluate a string as JavaScript');
      },
      apply(_target, _this, args: string[]) {
        evaluated.push(args.join(', '));
        throw new EvalError('Refused to evaluate a string as JavaScript');
      },
    });
    vi.stubGlobal('Function', refusing);
    vi.resetModules();
    await import('./jitless');
    const contract = await import('@drawhouse/contract');
    const { ApiError: _, adminCall } = await import('./api');
    vi.stubGlobal('fetch', async () =>
      Response.json({
        result: {
          operator: {
            id: 'op_1',
            name: 'Alice',
            email: null,
            roles: ['admin'],
            disabled: false,
            locked: false,
            last_sign_in_at: null,
          },
          expires_at: '2026-11-27T00:00:00.000Z',
          idle_minutes: 30,
        },
        messages: [],
      }),
    );
    for (let i = 0; i < 3; i += 1) {
      await expect(adminCall(contract.OperatorSessionSchema, 'GET', '/session')).resolves.toMatchObject({
        idleMinutes: 30,
      });
    }
    expect(evaluated).toEqual([]);
  });
});
