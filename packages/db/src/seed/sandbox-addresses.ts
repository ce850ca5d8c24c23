/**
 * The address lookup sandbox's addresses: for each state and territory a handful of real suburbs
 * with their post codes, and on each a few streets with house numbers, built the same way on every
 * run (about three thousand addresses). Seeded once; a database that has them keeps them.
 */
import { addressSearchText } from '@drawhouse/domain';
import { count } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { sandboxAddresses } from '../schema/index.ts';

type Suburb = readonly [name: string, postcode: string];

const SUBURBS: Readonly<Record<string, readonly Suburb[]>> = {
  NSW: [
    ['Sydney', '2000'],
    ['Surry Hills', '2010'],
    ['Bondi', '2026'],
    ['Leichhardt', '2040'],
    ['Newtown', '2042'],
    ['Chatswood', '2067'],
    ['Manly', '2095'],
    ['Parramatta', '2150'],
    ['Newcastle', '2300'],
    ['Wollongong', '2500'],
    ['Wagga Wagga', '2650'],
    ['Penrith', '2750'],
  ],
  VIC: [
    ['Melbourne', '3000'],
    ['Carlton', '3053'],
    ['Brunswick', '3056'],
    ['Fitzroy', '3065'],
    ['Richmond', '3121'],
    ['Box Hill', '3128'],
    ['St Kilda', '3182'],
    ['Geelong', '3220'],
    ['Ballarat', '3350'],
    ['Bendigo', '3550'],
    ['Shepparton', '3630'],
    ['Traralgon', '3844'],
  ],
  QLD: [
    ['Brisbane City', '4000'],
    ['Fortitude Valley', '4006'],
    ['New Farm', '4005'],
    ['Toowong', '4066'],
    ['Ipswich', '4305'],
    ['Toowoomba', '4350'],
    ['Southport', '4215'],
    ['Maroochydore', '4558'],
    ['Bundaberg', '4670'],
    ['Mackay', '4740'],
    ['Townsville', '4810'],
    ['Cairns', '4870'],
  ],
  WA: [
    ['Perth', '6000'],
    ['Subiaco', '6008'],
    ['Scarborough', '6019'],
    ['Joondalup', '6027'],
    ['Victoria Park', '6100'],
    ['Fremantle', '6160'],
    ['Rockingham', '6168'],
    ['Mandurah', '6210'],
    ['Bunbury', '6230'],
    ['Geraldton', '6530'],
    ['Kalgoorlie', '6430'],
    ['Albany', '6330'],
  ],
  SA: [
    ['Adelaide', '5000'],
    ['North Adelaide', '5006'],
    ['Glenelg', '5045'],
    ['Unley', '5061'],
    ['Norwood', '5067'],
    ['Prospect', '5082'],
    ['Salisbury', '5108'],
    ['Mount Barker', '5251'],
    ['Victor Harbor', '5211'],
    ['Mount Gambier', '5290'],
    ['Whyalla', '5600'],
    ['Port Augusta', '5700'],
  ],
  TAS: [
    ['Hobart', '7000'],
    ['Sandy Bay', '7005'],
    ['New Town', '7008'],
    ['Glenorchy', '7010'],
    ['Kingston', '7050'],
    ['Launceston', '7250'],
    ['Devonport', '7310'],
    ['Burnie', '7320'],
  ],
  ACT: [
    ['Canberra', '2601'],
    ['Braddon', '2612'],
    ['Turner', '2612'],
    ['Kingston', '2604'],
    ['Griffith', '2603'],
    ['Belconnen', '2617'],
    ['Woden', '2606'],
    ['Tuggeranong', '2900'],
  ],
  NT: [
    ['Darwin City', '0800'],
    ['Parap', '0820'],
    ['Nightcliff', '0810'],
    ['Casuarina', '0810'],
    ['Palmerston', '0830'],
    ['Katherine', '0850'],
    ['Tennant Creek', '0860'],
    ['Alice Springs', '0870'],
  ],
};

const STREETS = [
  'George Street',
  'King Street',
  'Queen Street',
  'Victoria Road',
  'Church Street',
  'High Street',
  'Park Avenue',
  'Station Street',
  'Wattle Grove',
  'Banksia Crescent',
  'Ocean Parade',
  'Railway Terrace',
] as const;

/** House numbers on each street: odd and even, some units. */
const NUMBERS = ['1', '4', '12', '27', '38', '3/51', '66', '105'] as const;

/** Streets per suburb: four of the list, a different four per suburb. */
const STREETS_PER_SUBURB = 4;

export type SandboxAddress = typeof sandboxAddresses.$inferInsert;

export function sandboxAddressRows(): SandboxAddress[] {
  const rows: SandboxAddress[] = [];
  let serial = 0;
  Object.entries(SUBURBS).forEach(([state, suburbs], s) => {
    suburbs.forEach(([suburb, postcode], i) => {
      for (let k = 0; k < STREETS_PER_SUBURB; k++) {
        const street = STREETS[(s * 5 + i * 3 + k) % STREETS.length] ?? STREETS[0];
        for (const number of NUMBERS) {
          serial += 1;
          const addressLine = `${number} ${street}`;
          const row = { addressLine, suburb, state, postcode };
          rows.push({ id: `au-${String(serial).padStart(5, '0')}`, ...row, search: addressSearchText(row) });
        }
      }
    });
  });
  return rows;
}

export async function seedSandboxAddresses(tx: DbOrTx): Promise<void> {
  const [have] = await tx.select({ n: count() }).from(sandboxAddresses);
  if ((have?.n ?? 0) > 0) return;
  const rows = sandboxAddressRows();
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(sandboxAddresses)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}
