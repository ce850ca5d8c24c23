import { describe, expect, it } from 'vitest';
import {
  archiveMonthLinks,
  archiveMonthPath,
  isArchivedMonth,
  monthOf,
  parseArchiveMonth,
} from './archive-month';

describe('the archive month in the address', () => {
  it('is YYYY-MM and nothing else', () => {
    expect(parseArchiveMonth('2026-10')).toEqual({ year: 2026, month: 10 });
    expect(parseArchiveMonth('2026-01')).toEqual({ year: 2026, month: 1 });
    for (const bad of ['2026-1', '2026-13', '2026-00', '202610', '2026-10-01', 'october']) {
      expect(parseArchiveMonth(bad)).toBeNull();
    }
    expect(archiveMonthPath({ year: 2026, month: 3 })).toBe('2026-03');
  });

  it('is the month on the Sydney clock', () => {
    // 31 Oct 2026 14:00 UTC is 1 Nov 2026 01:00 in Sydney (daylight saving).
    expect(monthOf(new Date('2026-10-31T14:00:00Z'))).toEqual({ year: 2026, month: 11 });
  });
});

describe('the months of an offer’s archive', () => {
  const first = new Date('2026-08-27T10:30:00Z');
  const now = new Date('2026-11-24T07:00:00Z');

  it('runs from now back to the first result, newest first', () => {
    const links = archiveMonthLinks('powerball', first, now, { year: 2026, month: 9 });
    expect(links.map((l) => l.label)).toEqual([
      'November 2026',
      'October 2026',
      'September 2026',
      'August 2026',
    ]);
    expect(links[0]?.href).toBe('/powerball/results/2026-11');
    expect(links.filter((l) => l.current).map((l) => l.label)).toEqual(['September 2026']);
  });

  it('crosses a year', () => {
    const links = archiveMonthLinks(
      'powerball',
      new Date('2025-12-10T10:00:00Z'),
      new Date('2026-01-10T10:00:00Z'),
    );
    expect(links.map((l) => l.href)).toEqual(['/powerball/results/2026-01', '/powerball/results/2025-12']);
  });

  it('knows which months have an archive', () => {
    expect(isArchivedMonth({ year: 2026, month: 8 }, first, now)).toBe(true);
    expect(isArchivedMonth({ year: 2026, month: 7 }, first, now)).toBe(false);
    expect(isArchivedMonth({ year: 2026, month: 12 }, first, now)).toBe(false);
  });
});
