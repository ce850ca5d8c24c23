import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../lib/test-pdf-text';
import { calendarPdf } from './calendar-pdf.server';
import type { SubscriptionCalendar } from './calendar-view';

const calendar: SubscriptionCalendar = {
  offerKey: 'powerball',
  offerName: 'Powerball',
  frequency: 'Weekly',
  fileName: 'powerball-calendar.pdf',
  rows: [
    { drawNo: 1514, date: 'Thursday 26 November 2026', time: '8:30pm', jackpot: '$20 million' },
    { drawNo: 1515, date: 'Thursday 3 December 2026', time: '8:30pm', jackpot: 'Announced soon' },
  ],
};

describe('calendarPdf', () => {
  it('is a PDF document that lists each draw in a row of the table', async () => {
    const bytes = await calendarPdf(calendar, new Date('2026-11-24T08:00:00Z'));
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(raw).toContain('/Lang (en-AU)');

    const runs = pdfTextRuns(bytes);
    expect(runs[0]).toBe('Powerball draw calendar');
    expect(runs).toContain('Subscription: Weekly. Times are Sydney time.');
    const header = runs.indexOf('Date');
    expect(runs.slice(header, header + 4)).toEqual(['Date', 'Time', 'Draw', 'Jackpot']);
    expect(runs.slice(header + 4, header + 12)).toEqual([
      'Thursday 26 November 2026',
      '8:30pm',
      '1514',
      '$20 million',
      'Thursday 3 December 2026',
      '8:30pm',
      '1515',
      'Announced soon',
    ]);
  });

  it('says so when no draw is scheduled', async () => {
    const runs = pdfTextRuns(await calendarPdf({ ...calendar, rows: [] }, new Date()));
    expect(runs).not.toContain('Jackpot');
    expect(runs.some((r) => r.startsWith('No draws are scheduled yet.'))).toBe(true);
  });
});
