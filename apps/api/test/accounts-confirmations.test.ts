/** The confirmation banner's Confirm: signed in without a token, an unconfirmed email gets a fresh link. */
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { getTestApp, mailOf } from './helpers.ts';

const app = await getTestApp();

function linkOf(text: string): string {
  const link = /(http\S+account-verification\?token=[\w-]+)/.exec(text)?.[1];
  if (!link) throw new Error('no confirmation link in the mail');
  return new URL(link).searchParams.get('token') ?? '';
}

describe('PATCH /v2/customer/confirm-email-address without a token', () => {
  it('sends a signed-in customer a fresh link that confirms the email, and retires the old one', async () => {
    const c = await newCustomer(app);
    const oldToken = linkOf((await mailOf(app).waitFor(c.email, /Welcome/)).text);
    const sent = await call(app, '/v2/customer/confirm-email-address', {
      method: 'PATCH',
      token: c.access_token,
      body: {},
    });
    expect(sent.statusCode).toBe(200);
    const fresh = await mailOf(app).waitFor(c.email, /Confirm your/);
    const newToken = linkOf(fresh.text);
    expect(newToken).not.toBe(oldToken);
    const overview = async () => (await call(app, '/v2/customer', { token: c.access_token })).json().result;
    expect((await overview()).email_address_confirmation_required).toBe(true);

    const old = await call(app, '/v2/customer/confirm-email-address', {
      method: 'PATCH',
      body: { token: oldToken },
    });
    expect(old.json().error.code).toBe('invalid_token');
    const confirmed = await call(app, '/v2/customer/confirm-email-address', {
      method: 'PATCH',
      body: { token: newToken },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await overview()).email_address_confirmation_required).toBe(false);
  });

  it('is an invalid token for an anonymous caller', async () => {
    const res = await call(app, '/v2/customer/confirm-email-address', { method: 'PATCH', body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
  });
});
