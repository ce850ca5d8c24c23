import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from './case.ts';
import { shapeProblem } from './limits.ts';

const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

describe('shapeProblem', () => {
  it('counts keys at every depth, arrays included, up to the cap', () => {
    expect(shapeProblem({ a: 1, b: [{ c: 1 }, { d: 1 }] }, 4)).toBeUndefined();
    expect(shapeProblem({ a: 1, b: [{ c: 1 }, { d: 1 }], e: 1 }, 4)).toBe('too_many_keys');
    expect(shapeProblem([{ a: 1 }, { b: 1 }, { c: 1 }], 2)).toBe('too_many_keys');
  });

  it('finds nesting past the deepest a body may have without recursing', () => {
    expect(shapeProblem(nested(MAX_DEPTH))).toBeUndefined();
    expect(shapeProblem(nested(MAX_DEPTH + 1))).toBe('too_deep');
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(shapeProblem(deep)).toBe('too_deep');
  });

  it('passes values that are not objects', () => {
    for (const value of [null, undefined, 'text', 3, true]) expect(shapeProblem(value)).toBeUndefined();
  });
});
