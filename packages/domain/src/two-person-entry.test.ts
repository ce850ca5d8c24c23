import { describe, expect, it } from 'vitest';
import { checkPrizesEntry, decideEntry, type PairEntry, voidedOperators } from './two-person-entry.ts';

const entry = (id: string, operator: string, status: PairEntry['status']): PairEntry => ({
  id,
  operator,
  status,
});
const always = () => true;
const never = () => false;

describe('decideEntry', () => {
  it('the first entry waits; a matching one by another operator publishes both', () => {
    expect(decideEntry([], 'ann', always)).toEqual({ decision: 'wait' });
    const first = entry('1', 'ann', 'pending');
    expect(decideEntry([first], 'bob', always)).toEqual({ decision: 'publish', with: first });
  });

  it('the same operator can never be both entries', () => {
    const first = entry('1', 'ann', 'pending');
    expect(decideEntry([first], 'ann', always)).toMatchObject({
      decision: 'refused',
      code: 'already_entered',
    });
  });

  it('a mismatch voids both; the next pair must begin with an operator not voided', () => {
    const first = entry('1', 'ann', 'pending');
    expect(decideEntry([first], 'bob', never)).toEqual({ decision: 'void', with: first });
    const voided = [entry('1', 'ann', 'void'), entry('2', 'bob', 'void')];
    for (const who of ['ann', 'bob']) {
      expect(decideEntry(voided, who, always)).toMatchObject({
        decision: 'refused',
        code: 'operator_voided',
      });
    }
    expect(decideEntry(voided, 'cat', always)).toEqual({ decision: 'wait' });
    const fresh = [...voided, entry('3', 'cat', 'pending')];
    expect(decideEntry(fresh, 'ann', always)).toMatchObject({ decision: 'publish', with: { id: '3' } });
    expect(decideEntry(fresh, 'cat', always)).toMatchObject({ decision: 'refused', code: 'already_entered' });
    expect(voidedOperators(fresh)).toEqual(['ann', 'bob']);
  });

  it('refuses any entry once published', () => {
    const done = [entry('1', 'ann', 'published'), entry('2', 'bob', 'published')];
    expect(decideEntry(done, 'cat', always)).toMatchObject({ decision: 'refused', code: 'published' });
  });
});

describe('checkPrizesEntry', () => {
  it('takes exactly the divisions waiting, each above 0', () => {
    expect(checkPrizesEntry([4, 6], { '4': 5_000, '6': 55_40 })).toEqual([]);
    expect(checkPrizesEntry([4, 6], { '4': 5_000 }).map((e) => e.field)).toEqual(['prizes.6']);
    expect(checkPrizesEntry([4], { '4': 0 }).map((e) => e.field)).toEqual(['prizes.4']);
    expect(checkPrizesEntry([4], { '4': 100, '2': 100 }).map((e) => e.field)).toEqual(['prizes.2']);
  });
});
