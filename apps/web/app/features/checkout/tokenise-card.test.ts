import { describe, expect, it } from 'vitest';
import {
  checkCardForm,
  splitExpiry,
  TOKENISE_FAILED,
  tokeniseBadAnswer,
  tokeniseCard,
  tokeniseUnreachable,
} from './tokenise-card';

const NOW = new Date('2026-11-24T00:00:00Z');
const CARD = { holderName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiry: '12/30', csc: '123' };

function answer(status: number, body: unknown): typeof fetch {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('splitExpiry', () => {
  it('reads the month and year as typed', () => {
    expect(splitExpiry('04/30')).toEqual({ month: '04', year: '30' });
    expect(splitExpiry('4 / 2030')).toEqual({ month: '4', year: '2030' });
    expect(splitExpiry('0430')).toEqual({ month: '04', year: '30' });
    expect(splitExpiry('soon')).toEqual({ month: '', year: '' });
  });
});

describe('checkCardForm', () => {
  it('passes a good card and names each bad field in the customer’s words', () => {
    expect(checkCardForm(CARD, NOW)).toBeUndefined();
    expect(
      checkCardForm({ holderName: '4242424242424242', cardNumber: '4242', expiry: '13/30', csc: '1' }, NOW),
    ).toEqual({
      cardNumber: 'Please enter a valid card number.',
      expiry: 'Please enter a valid expiry date.',
      csc: 'Please enter a valid security code.',
      holderName: "Please enter the card holder's name.",
    });
  });
});

describe('tokeniseCard', () => {
  it('posts the card in the wire’s words and hands back the token', async () => {
    let sent: { url: string; init?: RequestInit } | undefined;
    const fetchImpl: typeof fetch = async (url, init) => {
      sent = { url: String(url), init };
      return answer(200, { result: { token: 'tok_1', brand: 'visa', last4: '4242' }, messages: [] })(
        url,
        init,
      );
    };
    const result = await tokeniseCard('https://api.example.test/v2/funds/sandbox/tokens', CARD, fetchImpl);
    expect(result).toEqual({ ok: true, card: { token: 'tok_1', brand: 'visa', last4: '4242' } });
    expect(sent?.init?.credentials).toBe('omit');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      card_number: '4242424242424242',
      expiry_month: '12',
      expiry_year: '30',
      csc: '123',
      holder_name: 'Ada Lovelace',
    });
  });

  it('shows the gateway’s field errors, else its first message, else a fallback', async () => {
    const fields = await tokeniseCard(
      'u',
      CARD,
      answer(422, {
        error: { status: 422, code: 'validation', message: 'x' },
        errors: { expiry_year: [{ code: 'expired', message: 'This card has expired.' }] },
        messages: [],
      }),
    );
    expect(fields).toEqual({ ok: false, errors: { expiry: 'This card has expired.' } });
    const message = await tokeniseCard(
      'u',
      CARD,
      answer(429, { messages: [{ code: 'x', message: 'Slow down.' }] }),
    );
    expect(message).toEqual({ ok: false, errors: { general: 'Slow down.' } });
    // Offline, or refused by the gateway's CORS: the message says what could not be reached.
    const offline = await tokeniseCard('http://127.0.0.1:4000/v2/funds/sandbox/tokens', CARD, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(offline).toEqual({
      ok: false,
      errors: { general: tokeniseUnreachable('http://127.0.0.1:4000/v2/funds/sandbox/tokens') },
    });
    expect(offline.ok ? '' : offline.errors.general).toContain('the card check at http://127.0.0.1:4000');
    const html = await tokeniseCard('u', CARD, async () => new Response('<html>', { status: 502 }));
    expect(html).toEqual({ ok: false, errors: { general: tokeniseBadAnswer(502) } });
    expect(TOKENISE_FAILED).toMatch(/could not check your card/);
  });
});
