/** Where the method of the provably fair raffle draws is explained. */
export const FAIR_DRAWS_PATH = '/fair-draws';
