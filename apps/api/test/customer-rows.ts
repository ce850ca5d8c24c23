/** Customers written straight to the database, for tests of money rules that need an owner only. */
import { randomUUID } from 'node:crypto';
import { customers, type DbOrTx } from '@drawhouse/db';

export function customerRow(id: string = randomUUID()): typeof customers.$inferInsert {
  return {
    id,
    email: `${id}@example.com`,
    passwordHash: 'not-a-hash',
    firstname: 'Test',
    lastname: 'Customer',
    dateOfBirth: '1990-01-01',
    phone: '0412345678',
    address: '1 George St',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AU',
  };
}

export async function insertCustomer(db: DbOrTx): Promise<string> {
  const row = customerRow();
  await db.insert(customers).values(row);
  return row.id as string;
}
