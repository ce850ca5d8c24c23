/** What sign-up, details and the address confirmation accept: post code of the state, plausible age, listed country, names of letters. */
import { customers, eq } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, signupBody } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

const sydney = {
  address: '1 George St',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  country: 'AU',
};
const NAME_MESSAGE = 'Please use letters, spaces, hyphens, apostrophes and full stops only.';
const details = { firstname: 'Jane', lastname: 'Citizen', phone: '0412 345 678', address: sydney };

describe('POST /v2/signup refuses what is not a real customer', () => {
  it('refuses a post code of another state, an age over 120, an unlisted country and names with markup or emoji', async () => {
    const res = await call(app, '/v2/signup', {
      body: signupBody({
        firstname: '<img src=x onerror=alert(1)>',
        lastname: 'Citizen 😀',
        date_of_birth: '1900-01-01',
        address: { ...sydney, postcode: '3000' },
      }),
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors['address.postcode'][0].message).toBe('3000 is not a postcode in NSW.');
    expect(errors.date_of_birth[0].message).toBe('Please enter a valid date of birth.');
    expect(errors.firstname[0].message).toBe(NAME_MESSAGE);
    expect(errors.lastname[0].message).toBe(NAME_MESSAGE);

    const narnia = await call(app, '/v2/signup', {
      body: signupBody({ address: { ...sydney, country: 'Narnia' } }),
    });
    expect(narnia.json().errors['address.country'][0].message).toBe('Please choose a country from the list.');
  });

  it('takes names of any script with hyphens, apostrophes and full stops, and a Victorian post code in VIC', async () => {
    const res = await call(app, '/v2/signup', {
      body: signupBody({
        firstname: 'Nguyễn Thị',
        lastname: "O'Brien-St. John",
        address: { ...sydney, suburb: 'Melbourne', state: 'VIC', postcode: '3000' },
      }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /v2/customer/details checks the same rules', () => {
  it('refuses NSW 3000, an unlisted country and a name with markup; nothing changes', async () => {
    const c = await newCustomer(app);
    const res = await call(app, '/v2/customer/details', {
      token: c.access_token,
      body: { ...details, firstname: 'Ada<b>', address: { ...sydney, postcode: '3000', country: 'Narnia' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      firstname: [{ message: NAME_MESSAGE }],
      'address.country': [{ message: 'Please choose a country from the list.' }],
    });
    const wrongState = await call(app, '/v2/customer/details', {
      token: c.access_token,
      body: { ...details, address: { ...sydney, postcode: '3000' } },
    });
    expect(wrongState.json().errors['address.postcode'][0].message).toBe('3000 is not a postcode in NSW.');
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ firstname: 'Jane', postcode: '2000' });
  });
});

describe('customers saved before the rules', () => {
  it('still read their account with a name of markup; confirming an address the rules refuse asks for an update', async () => {
    const c = await newCustomer(app);
    await db
      .update(customers)
      .set({ firstname: '<b>Ada</b>', postcode: '3000', addressConfirmationRequired: true })
      .where(eq(customers.id, c.id));
    const overview = await call(app, '/v2/customer', { token: c.access_token });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().result.firstname).toBe('<b>Ada</b>');
    const read = await call(app, '/v2/customer/details', {
      token: c.access_token,
      headers: { 'x-api-version': '3.2' },
    });
    expect(read.statusCode).toBe(200);

    const refused = await call(app, '/v2/customer/confirm-address', {
      method: 'PATCH',
      token: c.access_token,
      body: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['address.postcode'][0].message).toBe('3000 is not a postcode in NSW.');
    expect((await call(app, '/v2/customer', { token: c.access_token })).json().result).toMatchObject({
      address_confirmation_required: true,
    });

    await db.update(customers).set({ postcode: '2000' }).where(eq(customers.id, c.id));
    const confirmed = await call(app, '/v2/customer/confirm-address', {
      method: 'PATCH',
      token: c.access_token,
      body: {},
    });
    expect(confirmed.statusCode).toBe(200);
  });
});
