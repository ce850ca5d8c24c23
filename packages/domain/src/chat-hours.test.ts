import { describe, expect, it } from 'vitest';
import { chatAvailable, chatHoursOf, chatOpen, chatSettingsOf } from './chat-hours.ts';

const SYDNEY = 'Australia/Sydney';
// Monday to Friday 9am to 5pm, Saturday 10am to 2pm.
const hours = chatHoursOf([
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '17:00' })),
  { day: 6, opens: '10:00', closes: '14:00' },
]);

describe('chat hours', () => {
  it('are open from the opening minute up to, not including, the closing minute, in the site’s time zone', () => {
    // Monday 1 June 2026 in Sydney is UTC+10.
    expect(chatOpen(hours, new Date('2026-05-31T22:59:00Z'), SYDNEY)).toBe(false); // Mon 08:59
    expect(chatOpen(hours, new Date('2026-05-31T23:00:00Z'), SYDNEY)).toBe(true); // Mon 09:00
    expect(chatOpen(hours, new Date('2026-06-01T06:59:00Z'), SYDNEY)).toBe(true); // Mon 16:59
    expect(chatOpen(hours, new Date('2026-06-01T07:00:00Z'), SYDNEY)).toBe(false); // Mon 17:00
    expect(chatOpen(hours, new Date('2026-06-06T01:00:00Z'), SYDNEY)).toBe(true); // Sat 11:00
    expect(chatOpen(hours, new Date('2026-06-06T05:00:00Z'), SYDNEY)).toBe(false); // Sat 15:00
    expect(chatOpen(hours, new Date('2026-06-07T01:00:00Z'), SYDNEY)).toBe(false); // Sun 11:00
  });

  it('follow daylight saving: 9am Sydney is 22:00 UTC the day before in summer', () => {
    // Monday 7 December 2026 in Sydney is UTC+11.
    expect(chatOpen(hours, new Date('2026-12-06T22:00:00Z'), SYDNEY)).toBe(true);
    expect(chatOpen(hours, new Date('2026-12-06T21:59:00Z'), SYDNEY)).toBe(false);
  });

  it('leave out hours that are not a weekday with an opening before its closing', () => {
    expect(
      chatHoursOf([
        { day: 7, opens: '09:00', closes: '17:00' },
        { day: 1, opens: '17:00', closes: '09:00' },
        { day: 1, opens: '9am', closes: '17:00' },
        { day: 1.5, opens: '09:00', closes: '17:00' },
        'Monday',
        null,
        { day: 0, opens: '10:00', closes: '12:00' },
      ]),
    ).toEqual([{ day: 0, opens: '10:00', closes: '12:00' }]);
    expect(chatHoursOf(undefined)).toEqual([]);
  });

  it('make chat available only when switched on and open', () => {
    const monday10am = new Date('2026-06-01T00:00:00Z');
    const sunday10am = new Date('2026-06-07T00:00:00Z');
    expect(chatAvailable({ switchedOn: true, hours }, monday10am, SYDNEY)).toBe(true);
    expect(chatAvailable({ switchedOn: false, hours }, monday10am, SYDNEY)).toBe(false);
    expect(chatAvailable({ switchedOn: true, hours }, sunday10am, SYDNEY)).toBe(false);
    expect(chatAvailable({ switchedOn: true, hours: [] }, monday10am, SYDNEY)).toBe(false);
    expect(
      chatSettingsOf({ chatOn: 'yes', chatHours: [{ day: 1, opens: '09:00', closes: '17:00' }] }),
    ).toEqual({
      switchedOn: false,
      hours: [{ day: 1, opens: '09:00', closes: '17:00' }],
    });
  });
});
