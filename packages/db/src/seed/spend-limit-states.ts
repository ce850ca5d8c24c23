/**
 * The states whose rules ask a customer to set a spend limit before buying (site_config
 * `spend_limit_required_states`): South Australia's code asks for pre-commitment. Written on every
 * start when missing, so an operator's later change stays. The demo adds Sadie, an Adelaide customer
 * with no spend limit (password `DEMO_PASSWORD`), who is asked to set one before she can buy.
 */
import { SPEND_LIMIT_STATES_KEY } from '@drawhouse/domain';
import type { DbOrTx } from '../client.ts';
import { siteConfig } from '../schema/index.ts';
import { seedDemoCustomers } from './lotto-party.ts';

export const SPEND_LIMIT_REQUIRED_STATES = ['SA'] as const;

export const DEMO_SPEND_LIMIT_CUSTOMER = {
  email: 'sadie@example.com',
  firstname: 'Sadie',
  lastname: 'Ward',
  suburb: 'Adelaide',
  postcode: '5000',
  state: 'SA',
} as const;

export async function seedSpendLimitStates(tx: DbOrTx): Promise<void> {
  await tx
    .insert(siteConfig)
    .values({ key: SPEND_LIMIT_STATES_KEY, value: [...SPEND_LIMIT_REQUIRED_STATES] })
    .onConflictDoNothing();
}

export async function seedSpendLimitDemo(tx: DbOrTx, now: Date): Promise<void> {
  await seedDemoCustomers(tx, now, [DEMO_SPEND_LIMIT_CUSTOMER]);
}
