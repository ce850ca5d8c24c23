/**
 * Which states an Australian post code belongs to: the ranges Australia Post allocates to each
 * state and territory (Australia Post, "Postcode ranges by state", as summarised in Wikipedia's
 * "Postcodes in Australia"), plus the few post codes Australia Post gives to places on both sides of
 * a border. Delivery and PO box ranges both count.
 */
import type { AustralianState } from './australian-states.ts';

type PostcodeRange = readonly [from: number, to: number];
type MainlandState = Exclude<AustralianState, 'OTHER'>;

export const POSTCODE_RANGES: Readonly<Record<MainlandState, readonly PostcodeRange[]>> = {
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  NSW: [
    [1000, 1999],
    [2000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  NT: [[800, 999]],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  WA: [
    [6000, 6797],
    [6800, 6999],
  ],
};

/** Post codes also used by places in another state than their range says (border towns, Jervis Bay, the Indian Ocean territories). */
export const CROSS_BORDER_POSTCODES: Readonly<Record<string, readonly MainlandState[]>> = {
  '0872': ['SA', 'WA'],
  '2406': ['QLD'],
  '2540': ['ACT'],
  '2611': ['NSW'],
  '2618': ['NSW'],
  '2620': ['ACT'],
  '3500': ['NSW'],
  '3585': ['NSW'],
  '3586': ['NSW'],
  '3644': ['NSW'],
  '3691': ['NSW'],
  '3707': ['NSW'],
  '4375': ['NSW'],
  '4377': ['NSW'],
  '4380': ['NSW'],
  '4383': ['NSW'],
  '4385': ['NSW'],
  '4825': ['NT'],
  '6798': ['WA'],
  '6799': ['WA'],
};

/** The states a 4-digit post code is allocated to; empty when none (or not 4 digits). */
export function postcodeStates(postcode: string): MainlandState[] {
  if (!/^[0-9]{4}$/.test(postcode)) return [];
  const n = Number(postcode);
  const states = (Object.keys(POSTCODE_RANGES) as MainlandState[]).filter((state) =>
    POSTCODE_RANGES[state].some(([from, to]) => n >= from && n <= to),
  );
  for (const extra of CROSS_BORDER_POSTCODES[postcode] ?? []) if (!states.includes(extra)) states.push(extra);
  return states;
}

/** Whether Australia Post allocates the post code to the state (NSW 2000 yes, NSW 3000 no). */
export function postcodeMatchesState(postcode: string, state: string): boolean {
  return (postcodeStates(postcode) as string[]).includes(state);
}
