import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTOSESSION_STATUSES,
  autosessionOpensNext,
  CREATION_STEPS,
  canMoveAutosession,
  canMovePublicity,
  canMoveSession,
  cleanGroupName,
  entryFromPot,
  GROUP_PUBLICITY_STATUSES,
  groupNameKey,
  groupNameRefusal,
  nextCreationStep,
  SESSION_STATUSES,
  sharePriceCents,
  sharesCost,
  sharesLeft,
  totalSharesRefusal,
} from './lotto-party.ts';
import { splitByShares } from './prize-amounts.ts';

describe('group names', () => {
  it('accepts an ordinary name and folds case and spacing for the duplicate check', () => {
    expect(groupNameRefusal('Friday Lotto Crew')).toBeNull();
    expect(groupNameKey('  Friday   Lotto CREW ')).toBe('friday lotto crew');
    expect(groupNameKey('friday lotto crew')).toBe(groupNameKey('FRIDAY  LOTTO  CREW'));
  });

  it('refuses names of only spaces, too short, too long, and profanity (with look-alike letters)', () => {
    expect(groupNameRefusal('     ')?.code).toBe('required');
    expect(groupNameRefusal('ab')?.code).toBe('too_short');
    expect(groupNameRefusal('x'.repeat(41))?.code).toBe('too_long');
    expect(groupNameRefusal('y'.repeat(10_000))?.code).toBe('too_long');
    expect(groupNameRefusal('x'.repeat(40))).toBeNull();
    expect(groupNameRefusal('Shit Crew')?.code).toBe('contains_profanity');
    expect(groupNameRefusal('sh1t crew')?.code).toBe('contains_profanity');
    // A place name holding a word is not profanity.
    expect(groupNameRefusal('Scunthorpe Syndicate')).toBeNull();
  });
});

describe('creation steps', () => {
  it('run name_group, select_draw, set_share_price, select_auto_session, join_session', () => {
    expect(CREATION_STEPS).toEqual([
      'name_group',
      'select_draw',
      'set_share_price',
      'select_auto_session',
      'join_session',
    ]);
    expect(nextCreationStep('name_group')).toBe('select_draw');
    expect(nextCreationStep('select_auto_session')).toBe('join_session');
    expect(nextCreationStep('join_session')).toBeNull();
  });
});

describe('state tables', () => {
  it('sessions: open -> closed -> paid, open -> cancelled; paid and cancelled are final', () => {
    const allowed = SESSION_STATUSES.flatMap((from) =>
      SESSION_STATUSES.filter((to) => canMoveSession(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual(['open->closed', 'open->cancelled', 'closed->paid']);
  });

  it('publicity: private -> promoted -> public, and back to private from either', () => {
    const allowed = GROUP_PUBLICITY_STATUSES.flatMap((from) =>
      GROUP_PUBLICITY_STATUSES.filter((to) => canMovePublicity(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'private->promoted',
      'promoted->private',
      'promoted->public',
      'public->private',
      'public->promoted',
    ]);
  });

  it('autosession: on and paused go anywhere, off only back on; only on opens the next session', () => {
    expect(canMoveAutosession('off', 'paused')).toBe(false);
    expect(canMoveAutosession('off', 'on')).toBe(true);
    expect(canMoveAutosession('paused', 'on')).toBe(true);
    expect(canMoveAutosession('on', 'off')).toBe(true);
    expect(AUTOSESSION_STATUSES.filter(autosessionOpensNext)).toEqual(['on']);
  });
});

describe('share prices and counts', () => {
  it('takes dollars and cents from $1 to $1,000', () => {
    expect(sharePriceCents(5)).toEqual({ cents: 500 });
    expect(sharePriceCents(2.5)).toEqual({ cents: 250 });
    expect(sharePriceCents(1000)).toEqual({ cents: 100_000 });
  });

  it('refuses zero, negative, three decimals, too little, too much and not a number', () => {
    for (const amount of [0, -5, 2.505, 0.5, 1000.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(sharePriceCents(amount)).toHaveProperty('error');
    }
    expect(sharePriceCents(2.505)).toEqual({
      error: 'A share price is in dollars and cents (at most two decimals).',
    });
  });

  it('counts shares from 2 to 500, and what is left and what shares cost', () => {
    expect(totalSharesRefusal(2)).toBeNull();
    expect(totalSharesRefusal(500)).toBeNull();
    for (const bad of [1, 501, 2.5, -3]) expect(totalSharesRefusal(bad)).not.toBeNull();
    expect(sharesLeft({ totalShares: 20, sharesSold: 17 })).toBe(3);
    expect(sharesLeft({ totalShares: 20, sharesSold: 20 })).toBe(0);
    expect(sharesCost(3, 250)).toBe(750);
  });
});

describe('the pot at the close', () => {
  it('buys whole games and leaves the rest to refund; none affordable buys nothing', () => {
    expect(entryFromPot({ potCents: 2_000, gamePriceCents: 135, maxGames: 100 })).toEqual({
      games: 14,
      spentCents: 1_890,
      leftoverCents: 110,
    });
    expect(entryFromPot({ potCents: 100, gamePriceCents: 135, maxGames: 100 })).toEqual({
      games: 0,
      spentCents: 0,
      leftoverCents: 100,
    });
    expect(entryFromPot({ potCents: 100_000, gamePriceCents: 135, maxGames: 50 }).games).toBe(50);
  });

  it('spends plus leftover is always the pot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 200 }),
        (potCents, gamePriceCents, maxGames) => {
          const e = entryFromPot({ potCents, gamePriceCents, maxGames });
          return (
            e.spentCents + e.leftoverCents === potCents &&
            e.games <= maxGames &&
            e.spentCents === e.games * gamePriceCents &&
            e.leftoverCents >= 0
          );
        },
      ),
    );
  });
});

describe('a prize split by the shares members hold', () => {
  it('parts plus the recorded remainder equal the prize, always, and no part is over its due', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000_00 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 40 }),
        (prizeCents, held) => {
          const totalShares = held.reduce((n, s) => n + s, 0);
          const { parts, remainderCents } = splitByShares(
            prizeCents,
            held.map((shares, i) => ({ id: `m${i}`, shares })),
            totalShares,
          );
          const sum = parts.reduce((n, p) => n + p.cents, 0);
          return (
            sum + remainderCents === prizeCents &&
            remainderCents >= 0 &&
            remainderCents < held.length &&
            parts.every((p, i) => p.cents * totalShares <= prizeCents * (held[i] ?? 0))
          );
        },
      ),
    );
  });
});

describe('cleanGroupName: the safe display of a group name', () => {
  it('takes out markup, control characters and bidirectional overrides, keeping the text', () => {
    expect(cleanGroupName('<script>alert(1)</script>Crew')).toBe('alert(1) Crew');
    expect(cleanGroupName('<b>Friday</b> Crew')).toBe('Friday Crew');
    expect(cleanGroupName('Crew 1 < 2 > 0')).toBe('Crew 1 2 0');
    expect(cleanGroupName('Crew\u202Egnp.exe')).toBe('Crew gnp.exe');
    expect(cleanGroupName('\u2066Tom\u2069\u200B  Crew\u0007\n')).toBe('Tom Crew');
    expect(cleanGroupName('Family 👨\u200D👩\u200D👧 Crew')).toBe('Family 👨\u200D👩\u200D👧 Crew');
  });

  it('refuses a name that is nothing but markup and controls', () => {
    expect(groupNameRefusal('<i></i>\u202E\u200F')?.code).toBe('required');
  });
});
