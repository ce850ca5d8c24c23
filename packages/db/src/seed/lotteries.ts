/**
 * The seven lotteries of the domain's GAMES as demo catalogue data: schedules, drawn sets, prize divisions,
 * product offers, game types and game offers with demo prices. Prices are the operator's choice (not
 * the official ones); divisions and number sets follow the public games.
 */
import { combinations, GAMES, type LotteryKey } from '@drawhouse/domain';
import type { GameOfferInput, GameTypeInput } from '../factories.ts';
import type {
  DrawnSet,
  Fact,
  JackpotRule,
  NumberSet,
  PrizeDivisionRule,
  RecurringPurchase,
  Restriction,
  ScheduleSlot,
  UrlAlias,
} from '../schema/types.ts';

export type GameOfferDef = GameOfferInput;
export type GameTypeDef = GameTypeInput;

/** What Drawhouse adds to a game of the domain's GAMES: prices, jackpots, branding, copy. */
export type LotteryDef = {
  key: LotteryKey;
  name: string;
  initials: string;
  color: string;
  ranking: number;
  highlighted: boolean;
  megaJackpot: boolean;
  description: string;
  facts: Fact[];
  restrictions: Restriction[];
  urlAliases: UrlAlias[];
  stopMinutesBefore: number;
  drawNoOffset: number;
  /** Typical prize (cents) and typical winners per division, for generated past results. */
  typicalDivisions: { prizeCents: number; winners: number }[];
  jackpot: JackpotRule;
  gameTypes: GameTypeDef[];
};

const AUTOPLAY: RecurringPurchase = { type: 'autoplay', availability: 'optional' };

const MILLION = 100_000_000;
const THOUSAND = 100_000;

function standard(
  key: string,
  cents: number,
  numberSets: NumberSet[],
  options: {
    typeKey?: string;
    name?: string;
    pathSuffix?: string;
    max?: number;
    default?: number;
    rule?: string;
  } = {},
): GameTypeDef {
  const typeKey = options.typeKey ?? 'standard';
  return {
    key: typeKey,
    name: options.name ?? 'Standard',
    pathSuffix: options.pathSuffix ?? '/standard',
    rule: options.rule ?? 'One game per line; each line is priced as one game.',
    recurringPurchase: AUTOPLAY,
    gameOffers: [
      {
        key: `${key}-${typeKey.replaceAll('_', '-')}`,
        name: options.name ?? 'Standard',
        minGames: 1,
        maxGames: options.max ?? 50,
        defaultGames: options.default ?? 18,
        gamesPerEntry: 1,
        standardGameCents: cents,
        numberSets,
      },
    ],
  };
}

/**
 * Systems (reduced_system): choose N numbers where the game needs `pick`; one entry covers every
 * combination of `pick` from N, so it is priced as C(N, pick) standard games. A "game" of a system
 * offer is one system entry.
 */
function systems(
  key: string,
  cents: number,
  pick: number,
  numbers: { first: number; last: number },
  sizes: number[],
  otherSets: NumberSet[] = [],
): GameTypeDef {
  return {
    key: 'reduced_system',
    name: 'Systems',
    pathSuffix: '/systems',
    rule: `Choose more than ${pick} numbers: a System N entry plays every combination of ${pick} from N and costs that many games.`,
    recurringPurchase: AUTOPLAY,
    gameOffers: sizes.map((n) => ({
      key: `${key}-system-${n}`,
      name: `System ${n}`,
      minGames: 1,
      maxGames: 10,
      defaultGames: 1,
      gamesPerEntry: combinations(n, pick),
      standardGameCents: cents,
      numberSets: [{ name: 'Numbers', count: n, first: numbers.first, last: numbers.last }, ...otherSets],
    })),
  };
}

const LOTTERY_DEFS: LotteryDef[] = [
  {
    key: 'powerball',
    name: 'Powerball',
    initials: 'PB',
    color: '#5b2d8e',
    ranking: 1,
    highlighted: true,
    megaJackpot: true,
    description: "Australia's biggest jackpots: pick 7 numbers and a Powerball every Thursday night.",
    facts: [
      { label: 'Draw day', value: 'Thursday 8:30pm' },
      { label: 'Pick', value: '7 numbers from 1-35 and 1 Powerball from 1-20' },
      { label: 'Divisions', value: '9, from 2 numbers and the Powerball' },
    ],
    restrictions: [],
    urlAliases: [{ subvariant: 'classic', url: '/pb' }],
    stopMinutesBefore: 60,
    drawNoOffset: 110,
    typicalDivisions: [
      { prizeCents: 0, winners: 0 },
      { prizeCents: 18_000_000, winners: 4 },
      { prizeCents: 850_000, winners: 55 },
      { prizeCents: 62_000, winners: 850 },
      { prizeCents: 21_000, winners: 2_400 },
      { prizeCents: 6_500, winners: 42_000 },
      { prizeCents: 4_200, winners: 60_000 },
      { prizeCents: 2_100, winners: 480_000 },
      { prizeCents: 1_250, winners: 1_150_000 },
    ],
    jackpot: {
      startCents: 20 * MILLION,
      stepCents: 5 * MILLION,
      resetCents: 10 * MILLION,
      capCents: 150 * MILLION,
      suffix: '',
      unknown: false,
    },
    gameTypes: [
      standard('powerball', 155, [
        { name: 'Numbers', count: 7, first: 1, last: 35 },
        { name: 'Powerball', count: 1, first: 1, last: 20 },
      ]),
      systems(
        'powerball',
        155,
        7,
        { first: 1, last: 35 },
        [8, 9, 10, 11, 12],
        [{ name: 'Powerball', count: 1, first: 1, last: 20 }],
      ),
      {
        key: 'powerhit',
        name: 'PowerHit',
        pathSuffix: '/powerhit',
        rule: 'One line of 7 numbers played with all 20 Powerballs: division 1 guaranteed if the 7 numbers come up; priced as 20 games.',
        recurringPurchase: AUTOPLAY,
        gameOffers: [
          {
            key: 'powerball-powerhit',
            name: 'PowerHit',
            minGames: 1,
            maxGames: 10,
            defaultGames: 1,
            gamesPerEntry: 20,
            standardGameCents: 155,
            numberSets: [{ name: 'Numbers', count: 7, first: 1, last: 35 }],
          },
        ],
      },
    ],
  },
  {
    key: 'oz-lotto',
    name: 'Oz Lotto',
    initials: 'OZ',
    color: '#00843d',
    ranking: 2,
    highlighted: true,
    megaJackpot: false,
    description: 'Seven numbers, seven divisions and a jackpot that grows every Tuesday it is not won.',
    facts: [
      { label: 'Draw day', value: 'Tuesday 8:30pm' },
      { label: 'Pick', value: '7 numbers from 1-47' },
      { label: 'Divisions', value: '7, from 3 numbers and a supplementary' },
    ],
    restrictions: [],
    urlAliases: [],
    stopMinutesBefore: 60,
    drawNoOffset: 200,
    typicalDivisions: [
      { prizeCents: 0, winners: 0 },
      { prizeCents: 3_200_000, winners: 9 },
      { prizeCents: 260_000, winners: 210 },
      { prizeCents: 27_000, winners: 2_100 },
      { prizeCents: 6_200, winners: 8_500 },
      { prizeCents: 4_100, winners: 95_000 },
      { prizeCents: 2_200, winners: 210_000 },
    ],
    jackpot: {
      startCents: 8 * MILLION,
      stepCents: 2 * MILLION,
      resetCents: 2 * MILLION,
      capCents: 80 * MILLION,
      suffix: '',
      unknown: false,
    },
    gameTypes: [
      standard('oz-lotto', 145, [{ name: 'Numbers', count: 7, first: 1, last: 47 }]),
      systems('oz-lotto', 145, 7, { first: 1, last: 47 }, [8, 9, 10, 11, 12]),
    ],
  },
  {
    key: 'saturday-lotto',
    name: 'Saturday Lotto',
    initials: 'SL',
    color: '#d2232a',
    ranking: 3,
    highlighted: false,
    megaJackpot: false,
    description: 'The classic Saturday night draw: six numbers, a $5 million division 1 pool most weeks.',
    facts: [
      { label: 'Draw day', value: 'Saturday 7:30pm' },
      { label: 'Pick', value: '6 numbers from 1-45' },
      { label: 'Divisions', value: '6, from 1 number and both supplementaries' },
    ],
    restrictions: [],
    urlAliases: [],
    stopMinutesBefore: 60,
    drawNoOffset: 3100,
    typicalDivisions: [
      { prizeCents: 0, winners: 0 },
      { prizeCents: 850_000, winners: 95 },
      { prizeCents: 160_000, winners: 1_500 },
      { prizeCents: 3_600, winners: 80_000 },
      { prizeCents: 2_000, winners: 210_000 },
      { prizeCents: 1_200, winners: 260_000 },
    ],
    jackpot: {
      startCents: 5 * MILLION,
      stepCents: 0,
      resetCents: 5 * MILLION,
      capCents: 5 * MILLION,
      suffix: '',
      unknown: false,
    },
    gameTypes: [
      standard('saturday-lotto', 75, [{ name: 'Numbers', count: 6, first: 1, last: 45 }]),
      systems('saturday-lotto', 75, 6, { first: 1, last: 45 }, [7, 8, 9, 10, 11, 12]),
    ],
  },
  {
    key: 'monday-wednesday-lotto',
    name: 'Monday & Wednesday Lotto',
    initials: 'MW',
    color: '#0072ce',
    ranking: 4,
    highlighted: false,
    megaJackpot: false,
    description: 'Two draws a week with a fixed $1 million for every division 1 winner.',
    facts: [
      { label: 'Draw days', value: 'Monday and Wednesday 8:30pm' },
      { label: 'Pick', value: '6 numbers from 1-45' },
      { label: 'Division 1', value: '$1 million each (shared when many win)' },
    ],
    restrictions: [],
    urlAliases: [],
    stopMinutesBefore: 60,
    drawNoOffset: 1500,
    typicalDivisions: [
      { prizeCents: MILLION, winners: 1 },
      { prizeCents: 520_000, winners: 60 },
      { prizeCents: 72_000, winners: 900 },
      { prizeCents: 2_600, winners: 40_000 },
      { prizeCents: 1_550, winners: 120_000 },
      { prizeCents: 1_000, winners: 150_000 },
    ],
    jackpot: {
      startCents: MILLION,
      stepCents: 0,
      resetCents: MILLION,
      capCents: MILLION,
      suffix: '',
      unknown: false,
    },
    gameTypes: [
      standard('monday-wednesday-lotto', 75, [{ name: 'Numbers', count: 6, first: 1, last: 45 }]),
      systems('monday-wednesday-lotto', 75, 6, { first: 1, last: 45 }, [7, 8, 9, 10, 11, 12]),
    ],
  },
  {
    key: 'set-for-life',
    name: 'Set for Life',
    initials: 'SFL',
    color: '#f47b20',
    ranking: 5,
    highlighted: false,
    megaJackpot: false,
    description: 'Win $20,000 a month for 20 years, with a draw every night.',
    facts: [
      { label: 'Draw day', value: 'Every day 8:30pm' },
      { label: 'Pick', value: '7 numbers from 1-44' },
      { label: 'Division 1', value: '$20,000 a month for 20 years' },
    ],
    restrictions: [],
    urlAliases: [],
    stopMinutesBefore: 60,
    drawNoOffset: -7000,
    typicalDivisions: [
      { prizeCents: 2_000_000, winners: 0 },
      { prizeCents: 500_000, winners: 4 },
      { prizeCents: 60_000, winners: 35 },
      { prizeCents: 15_000, winners: 240 },
      { prizeCents: 4_000, winners: 1_400 },
      { prizeCents: 2_500, winners: 3_100 },
      { prizeCents: 1_200, winners: 19_000 },
      { prizeCents: 1_000, winners: 41_000 },
    ],
    jackpot: {
      startCents: 20 * THOUSAND,
      stepCents: 0,
      resetCents: 20 * THOUSAND,
      capCents: 20 * THOUSAND,
      suffix: ' a month*',
      unknown: false,
    },
    gameTypes: [standard('set-for-life', 90, [{ name: 'Numbers', count: 7, first: 1, last: 44 }])],
  },
  {
    key: 'lotto-strike',
    name: 'Lotto Strike',
    initials: 'LS',
    color: '#e4007c',
    ranking: 7,
    highlighted: false,
    megaJackpot: false,
    description: 'Pick 4 numbers in the order they are drawn in Saturday, Monday and Wednesday Lotto.',
    facts: [
      { label: 'Draw days', value: 'Saturday 7:30pm, Monday and Wednesday 8:30pm' },
      { label: 'Pick', value: '4 numbers from 1-45, in order' },
      { label: 'Drawn', value: 'The first 4 balls of the linked Lotto draw' },
    ],
    restrictions: [],
    urlAliases: [],
    stopMinutesBefore: 60,
    drawNoOffset: 0,
    typicalDivisions: [
      { prizeCents: 0, winners: 0 },
      { prizeCents: 850_000, winners: 8 },
      { prizeCents: 21_000, winners: 320 },
      { prizeCents: 450, winners: 18_000 },
    ],
    jackpot: {
      startCents: 400 * THOUSAND,
      stepCents: 60 * THOUSAND,
      resetCents: 100 * THOUSAND,
      capCents: 2 * MILLION,
      suffix: '',
      unknown: false,
    },
    gameTypes: [
      standard('lotto-strike', 110, [{ name: 'Numbers', count: 4, first: 1, last: 45 }], {
        typeKey: 'strike_standard',
        name: 'Strike',
        pathSuffix: '',
        max: 20,
        default: 4,
        rule: 'Order matters: each line of 4 numbers must match the first balls drawn in the same order.',
      }),
      {
        key: 'strike_boxed',
        name: 'Boxed',
        pathSuffix: '/boxed',
        rule: 'Boxed: a line of 4 numbers plays every order of them (24 combinations), priced as 24 games.',
        recurringPurchase: AUTOPLAY,
        gameOffers: [
          {
            key: 'lotto-strike-boxed',
            name: 'Boxed',
            minGames: 1,
            maxGames: 5,
            defaultGames: 1,
            gamesPerEntry: 24,
            standardGameCents: 110,
            numberSets: [{ name: 'Numbers', count: 4, first: 1, last: 45 }],
          },
        ],
      },
    ],
  },
  {
    key: 'super-66',
    name: 'Super 66',
    initials: '66',
    color: '#00a9a5',
    ranking: 8,
    highlighted: false,
    megaJackpot: false,
    description: 'Six digits, drawn in order every Saturday night alongside Saturday Lotto.',
    facts: [
      { label: 'Draw day', value: 'Saturday 7:30pm' },
      { label: 'Pick', value: 'Six digits 0-9, order matters' },
      { label: 'Divisions', value: '5, from the first or last two digits' },
    ],
    restrictions: [{ type: 'licensing_restriction', states: ['WA', 'SA'] }],
    urlAliases: [],
    stopMinutesBefore: 60,
    drawNoOffset: 2000,
    typicalDivisions: [
      { prizeCents: 0, winners: 0 },
      { prizeCents: 666_600, winners: 3 },
      { prizeCents: 66_600, winners: 28 },
      { prizeCents: 6_660, winners: 290 },
      { prizeCents: 660, winners: 2_900 },
    ],
    jackpot: {
      startCents: 0,
      stepCents: 0,
      resetCents: 0,
      capCents: 0,
      suffix: '',
      unknown: true,
    },
    gameTypes: [
      standard('super-66', 135, [{ name: 'Numbers', count: 6, first: 0, last: 9 }], {
        typeKey: 'sequential',
        name: 'Super 66',
        pathSuffix: '',
        max: 10,
        default: 1,
        rule: 'Sequential: six digits 0-9 matched in order, from the first or the last digit.',
      }),
    ],
  },
];

/** The lotteries row of a game: timetable, drawn sets and divisions come from the domain's GAMES. */
export function lotteryRow(def: LotteryDef) {
  const game = GAMES[def.key];
  const [main, ...others] = game.numberSets;
  if (!main) throw new Error(`${def.key} has no number sets`);
  const drawnSets: DrawnSet[] = [
    { ...main, count: game.drawn.main, source: 'numbers', ...(game.repeatsAllowed ? { repeats: true } : {}) },
  ];
  for (const set of others) {
    drawnSets.push({
      ...set,
      count: set.name === 'Powerball' ? (game.drawn.powerball ?? 1) : set.count,
      source: 'numbers',
    });
  }
  if (game.drawn.supplementary) {
    drawnSets.push({
      ...main,
      name: 'Supplementary',
      count: game.drawn.supplementary,
      source: 'supplementary',
    });
  }
  if (game.drawn.bonus)
    drawnSets.push({ ...main, name: 'Bonus', count: game.drawn.bonus, source: 'supplementary' });
  const schedule: ScheduleSlot[] = game.schedule.map((s) => ({
    weekdays: [...s.weekdays],
    hour: s.hour,
    minute: s.minute,
  }));
  const prizeDivisions: PrizeDivisionRule[] = game.divisions.map((d) => ({
    division: d.division,
    description: d.note
      ? `${d.description} (${d.note.charAt(0).toLowerCase()}${d.note.slice(1)})`
      : d.description,
  }));
  return {
    key: def.key,
    name: game.name,
    timeZone: 'Australia/Sydney',
    schedule,
    stopMinutesBefore: def.stopMinutesBefore,
    drawNoOffset: def.drawNoOffset,
    drawnSets,
    jackpot: def.jackpot,
    prizeDivisions,
    // Only games drawn from another draw's balls (Lotto Strike); Super 66's digits are its own.
    linkedLotteryKeys: game.repeatsAllowed ? [] : [...(game.linkedLotteries ?? [])],
  };
}

/**
 * Quick Pick (game type `random`, `/{offer}/random`): the player only says how many games; every line
 * is picked at random when the entry is added to the cart, and each line is priced as one standard
 * game. Its game offer is the standard one's (the same number sets, limits and price per game) under
 * its own key. Only games whose numbers are a set sell it: Lotto Strike and Super 66 play an order,
 * and their own screens already offer a quick pick per line.
 */
export function quickPickType(lottery: Pick<LotteryDef, 'key' | 'gameTypes'>): GameTypeDef | null {
  if (GAMES[lottery.key].ordered) return null;
  const standardType = lottery.gameTypes.find((t) => t.key === 'standard');
  const offer = standardType?.gameOffers[0];
  if (!standardType || !offer) return null;
  return {
    key: 'random',
    name: 'Quick Pick',
    pathSuffix: '/random',
    rule: 'Quick Pick only: choose how many games and every line is picked at random; each line is priced as one standard game.',
    recurringPurchase: standardType.recurringPurchase,
    gameOffers: [{ ...offer, key: `${lottery.key}-random`, name: 'Quick Pick', gamesPerEntry: 1 }],
  };
}

export const LOTTERIES: LotteryDef[] = LOTTERY_DEFS.map((l) => {
  const quick = quickPickType(l);
  return quick ? { ...l, gameTypes: [...l.gameTypes, quick] } : l;
});
