/** The states of an Australian address: the eight states and territories, and OTHER. */
export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTHER'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

export function isAustralianState(value: string): value is AustralianState {
  return (AUSTRALIAN_STATES as readonly string[]).includes(value);
}
