import { describe, expect, it } from 'vitest';
import { eventId } from './event-id.ts';

describe('eventId', () => {
  it('is one uuid per event name, the same every time', () => {
    const id = eventId('checkout:abc:wallet:lottery_ticket');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventId('checkout:abc:wallet:lottery_ticket')).toBe(id);
    expect(eventId('checkout:abc:promo:lottery_ticket')).not.toBe(id);
  });
});
