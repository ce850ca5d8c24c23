/** Demo charity raffles, causes, syndicates and the membership offer. */
import type { Fact, RecurringPurchase, Restriction, SyndicateTickets } from '../schema/types.ts';
import type { GameTypeDef } from './lotteries.ts';

export type CauseDef = {
  key: string;
  urlSlug: string;
  name: string;
  summary: string;
  description: string;
  website: string;
  colors: [string, string];
};

export type RaffleDef = {
  key: string;
  name: string;
  causeKey: string;
  color: string;
  ranking: number;
  description: string;
  restrictions: Restriction[];
  totalTickets: number;
  ticketsSold: number;
  /** Closes this many days after the seed's `now`, at 9pm Sydney time. */
  closesInDays: number;
  firstDrawNo: number;
  postalEntryAvailable: boolean;
  books: { numTickets: number; priceCents: number }[];
  prizes: { rank: number; name: string; valueCents: number }[];
};

export type SyndicateDef = {
  key: string;
  name: string;
  lotteryKey: string;
  color: string;
  ranking: number;
  description: string;
  tickets: SyndicateTickets;
  totalShares: number;
  /** Shares each of its draws on sale has sold in the demo: at least half, so the draw goes ahead at its close. */
  sharesSold: number;
  costPerShareCents: number;
  encodedId: string;
};

export type MembershipDef = {
  key: string;
  name: string;
  color: string;
  ranking: number;
  description: string;
  facts: Fact[];
  recurringPurchase: RecurringPurchase;
  gameTypes: GameTypeDef[];
};

/** Books of tickets: 1 for $5, 3 for $10, 10 for $25, 30 for $50. */
const BOOKS = [
  { numTickets: 1, priceCents: 500 },
  { numTickets: 3, priceCents: 1_000 },
  { numTickets: 10, priceCents: 2_500 },
  { numTickets: 30, priceCents: 5_000 },
];

export const CAUSES: CauseDef[] = [
  {
    key: 'coastal-kids',
    urlSlug: 'coastal-childrens-hospital',
    name: "Coastal Children's Hospital Foundation",
    summary: 'Equipment, research and family support for sick kids on the east coast.',
    description:
      "The Coastal Children's Hospital Foundation raises money for the paediatric wards of three regional hospitals between Coffs Harbour and the Gold Coast. Raffle proceeds buy neonatal equipment, fund clinical research into childhood cancers and keep a family house open beside each hospital so parents can stay close.",
    website: 'https://coastalkids.example.org.au',
    colors: ['#0b7285', '#15aabf'],
  },
  {
    key: 'bush-rescue',
    urlSlug: 'bush-rescue-volunteers',
    name: 'Bush Rescue Volunteers',
    summary: 'Training and gear for volunteer rescue crews in rural Australia.',
    description:
      'Bush Rescue Volunteers supports more than 4,000 volunteers who answer floods, fires and road accidents across rural New South Wales and Queensland. Every ticket helps buy rescue vehicles, radios and protective gear, and pays for accredited training for new crew members.',
    website: 'https://bushrescue.example.org.au',
    colors: ['#c92a2a', '#f08c00'],
  },
];

export const RAFFLES: RaffleDef[] = [
  {
    key: 'coastal-prize-home',
    name: 'Coastal Prize Home Raffle',
    causeKey: 'coastal-kids',
    color: '#0b7285',
    ranking: 6,
    description: 'Win a furnished Burleigh Heads home and help sick kids on the coast.',
    restrictions: [],
    totalTickets: 250_000,
    ticketsSold: 81_234,
    closesInDays: 21,
    firstDrawNo: 41,
    postalEntryAvailable: false,
    books: BOOKS,
    prizes: [
      { rank: 1, name: 'Burleigh Heads home package', valueCents: 165_000_000 },
      { rank: 2, name: 'Toyota LandCruiser and caravan', valueCents: 18_500_000 },
      { rank: 3, name: '$50,000 in gold bullion', valueCents: 5_000_000 },
      { rank: 4, name: '$20,000 travel voucher', valueCents: 2_000_000 },
      { rank: 5, name: '$10,000 cash', valueCents: 1_000_000 },
    ],
  },
  {
    key: 'bush-rescue-car-raffle',
    name: 'Bush Rescue Dream Car Raffle',
    causeKey: 'bush-rescue',
    color: '#c92a2a',
    ranking: 9,
    description: 'Win a Ford Ranger Raptor and keep volunteer rescue crews on the road.',
    restrictions: [{ type: 'licensing_restriction', states: ['WA'] }],
    totalTickets: 60_000,
    ticketsSold: 12_480,
    closesInDays: 35,
    firstDrawNo: 17,
    postalEntryAvailable: true,
    books: BOOKS,
    prizes: [
      { rank: 1, name: 'Ford Ranger Raptor', valueCents: 9_500_000 },
      { rank: 2, name: '$10,000 cash', valueCents: 1_000_000 },
      { rank: 3, name: '$5,000 camping and 4WD gear', valueCents: 500_000 },
    ],
  },
];

/**
 * A raffle still being prepared: seeded unpublished, so the shop lists it nowhere and its page is 404
 * until the content role publishes it; the back office previews it.
 */
export const UPCOMING_RAFFLE: RaffleDef = {
  key: 'winter-getaway-raffle',
  name: 'Winter Getaway Raffle',
  causeKey: 'coastal-kids',
  color: '#364fc7',
  ranking: 12,
  description: 'Win a week in the Snowy Mountains for four and help sick kids on the coast.',
  restrictions: [],
  totalTickets: 20_000,
  ticketsSold: 0,
  closesInDays: 60,
  firstDrawNo: 1,
  postalEntryAvailable: false,
  books: BOOKS,
  prizes: [
    { rank: 1, name: 'Snowy Mountains week for four', valueCents: 1_200_000 },
    { rank: 2, name: '$2,000 cash', valueCents: 200_000 },
  ],
};

export const SYNDICATES: SyndicateDef[] = [
  {
    key: 'powerball-syndicate',
    name: 'Powerball Syndicate',
    lotteryKey: 'powerball',
    color: '#5b2d8e',
    ranking: 10,
    description: 'Share four System 10 entries (480 games) in every Powerball draw.',
    tickets: { numStandardGames: 480, numGames: 4, name: '4 × System 10' },
    totalShares: 60,
    sharesSold: 38,
    costPerShareCents: 1_240,
    encodedId: 'c3luZC1wYi0wMQ',
  },
  {
    key: 'oz-lotto-syndicate',
    name: 'Oz Lotto Syndicate',
    lotteryKey: 'oz-lotto',
    color: '#00843d',
    ranking: 11,
    description: 'Share two System 10 entries (240 games) in every Oz Lotto draw.',
    tickets: { numStandardGames: 240, numGames: 2, name: '2 × System 10' },
    totalShares: 30,
    sharesSold: 17,
    costPerShareCents: 1_160,
    encodedId: 'c3luZC1vei0wMQ',
  },
];

const SUBSCRIPTION: RecurringPurchase = { type: 'subscription', availability: 'always' };

export const MEMBERSHIPS: MembershipDef[] = [
  {
    key: 'daily-winners',
    name: 'Daily Winners Club',
    color: '#fab005',
    ranking: 12,
    description: 'A membership with a members-only cash prize draw every day.',
    facts: [
      { label: 'Prize draws', value: 'Every day, for members only' },
      { label: 'Billing', value: 'Monthly, quarterly, half-yearly or yearly' },
    ],
    recurringPurchase: SUBSCRIPTION,
    gameTypes: [
      {
        key: 'deferred',
        name: 'Membership',
        pathSuffix: '/subscriptions',
        rule: 'A subscription: one membership, renewed each period until cancelled.',
        recurringPurchase: SUBSCRIPTION,
        gameOffers: [
          ['monthly', 'Monthly', 1_000],
          ['quarterly', 'Quarterly', 2_700],
          ['biannually', 'Every six months', 5_100],
          ['annually', 'Yearly', 9_600],
        ].map(([period, name, cents]) => ({
          key: `daily-winners-${period}`,
          name: String(name),
          minGames: 1,
          maxGames: 1,
          defaultGames: 1,
          gamesPerEntry: 1,
          standardGameCents: Number(cents),
          numberSets: [],
        })),
      },
    ],
  },
];

/** Syndicate shares are sold as a one-offer game type: a "game" is one share. */
export function syndicateGameType(s: SyndicateDef): GameTypeDef {
  return {
    key: 'syndicate',
    name: 'Syndicate',
    pathSuffix: '',
    rule: 'A share of a large system entry: prizes are split by shares held.',
    recurringPurchase: { type: 'autoplay', availability: 'optional' },
    gameOffers: [
      {
        key: `${s.key}-share`,
        name: 'Share',
        minGames: 1,
        maxGames: 10,
        defaultGames: 1,
        gamesPerEntry: 1,
        standardGameCents: s.costPerShareCents,
        numberSets: [],
      },
    ],
  };
}
