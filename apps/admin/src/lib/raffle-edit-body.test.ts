import { describe, expect, it } from 'vitest';
import { localInput } from './forms';
import { raffleEditBody } from './raffle-edit-body';

const formOf = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return form;
};

describe('the raffle edit form', () => {
  it('sends only the fields it holds, and the close time only when it changed', () => {
    const shown = localInput('2026-12-24T10:00:30Z');
    const body = raffleEditBody(
      formOf([
        ['description', ' Now with a trailer. '],
        ['totalTickets', '150'],
        ['closesAtShown', shown],
        ['closesAt', shown],
      ]),
    );
    expect(body).toEqual({ description: 'Now with a trailer.', totalTickets: 150 });
  });

  it('sends a changed close as an instant, the filled rows of books and prizes, and the postal box', () => {
    const later = localInput('2026-12-31T10:00:00Z');
    const body = raffleEditBody(
      formOf([
        ['name', 'Surf Club Ute Raffle'],
        ['closesAtShown', localInput('2026-12-24T10:00:00Z')],
        ['closesAt', later],
        ['bookTickets0', '1'],
        ['bookPrice0', '5'],
        ['bookTickets1', ''],
        ['bookPrice1', ''],
        ['bookTickets2', '5'],
        ['bookPrice2', '20'],
        ['prizeName0', 'Ute'],
        ['prizeValue0', '55000'],
        ['prizeName1', ''],
        ['prizeValue1', ''],
        ['postalEntryShown', '1'],
      ]),
    );
    expect(body).toEqual({
      name: 'Surf Club Ute Raffle',
      closesAt: '2026-12-31T10:00:00.000Z',
      books: [
        { numTickets: 1, price: 5 },
        { numTickets: 5, price: 20 },
      ],
      prizes: [{ name: 'Ute', value: 55_000 }],
      postalEntryAvailable: false,
    });
  });
});
