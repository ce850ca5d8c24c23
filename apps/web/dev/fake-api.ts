/**
 * A stand-in for the Drawhouse API that answers the catalogue and content contract
 * (docs/api/catalogue.md) with demo data, for working on the storefront without a database.
 *
 *   node --import tsx apps/web/dev/fake-api.ts            # port 3199 (FAKE_API_PORT)
 *   FAKE_API_MODE=empty ...                                # no product offers (the 418 page)
 *   FAKE_API_MODE=maintenance ...                          # every call but /discover answers 503
 *
 * It checks request signatures the way the API does and logs the calls it gets with LOG=1. Every
 * answer is checked against its contract schema when it starts, so the stand-in cannot drift from
 * the API the storefront's client expects.
 */
import { createServer, type ServerResponse } from 'node:http';
import {
  CapabilitiesSchema,
  CausesSchema,
  ConfigSchema,
  ContentSiteConfigSchema,
  DiscoverySchema,
  PageSchema,
  PricingInfoSchema,
  ProductOffersSchema,
  ThemeSchema,
} from '@drawhouse/contract';
import type { z } from 'zod';
import { requestSignature } from '../app/lib/api.server';
import { toCamelDeep, toSnakeDeep } from '../app/lib/case';
import { DEFAULT_COLOURS } from '../app/lib/theme';

const PORT = Number(process.env.FAKE_API_PORT ?? 3199);
const MODE = process.env.FAKE_API_MODE ?? 'normal';
const SECRET = process.env.WEB_APP_SECRET ?? 'dev-web-secret-change-me';
const LOG = process.env.LOG === '1';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const money = (amount: number) => ({ amount, currency: 'AUD' });

function draws(key: string, firstInHours: number, everyDays: number, pool: number | null, suffix = '') {
  return Array.from({ length: 4 }, (_, i) => {
    const drawAt = now + firstInHours * HOUR + i * everyDays * DAY;
    return {
      draw_id: `${key}-${1500 + i}`,
      draw_no: 1500 + i,
      type: 'lottery_ticket_draw',
      stop: iso(drawAt - HOUR),
      draw_date: iso(drawAt),
      prize_pool: i === 0 && pool !== null ? money(pool) : null,
      prize_pool_suffix: i === 0 ? suffix : '',
      is_prize_pool_unknown: i !== 0 || pool === null,
      purchase_status: i === 0 ? 'open' : 'pre_order',
      draw_data: {
        draw_number: 1500 + i,
        draw_stop: iso(drawAt - HOUR),
        feature_image: null,
        name: '',
        value: i === 0 && pool !== null ? money(pool) : null,
        draw_pre_order_start_date: null,
      },
    };
  });
}

function standardGameType(
  key: string,
  sets: { name: string; count: number; first: number; last: number }[],
  price: number,
) {
  return {
    key: 'standard',
    name: 'Standard',
    path_suffix: '/standard',
    default_game_offer: `${key}-standard`,
    recurring_purchase: null,
    rule: 'Pick the numbers of each game; every game is priced the same.',
    game_offers: [
      {
        key: `${key}-standard`,
        name: 'Standard',
        min_games: 1,
        max_games: 50,
        default_games: 18,
        default_entry_count: 1,
        games_per_entry: 1,
        prices: [1, 2, 5, 10, 18].map((games) => ({
          games,
          price: money(Math.round(games * price * 100) / 100),
        })),
        price_currency: 'AUD',
        number_sets: sets,
      },
    ],
  };
}

function lottery(
  key: string,
  name: string,
  ranking: number,
  firstInHours: number,
  pool: number | null,
  sets: { name: string; count: number; first: number; last: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    key,
    type: 'lottery_ticket',
    name,
    url: `/${key}`,
    url_aliases: [],
    availability: 'available',
    suspended: false,
    display_category: 'lotto',
    ranking,
    highlighted: false,
    mega_jackpot: false,
    restrictions: [],
    lottery_key: key,
    description: `Play ${name} online.`,
    brand: { primary_color: '#5b2d8e', logo: `/cms/files/${key}-logo` },
    facts: [
      { label: 'Draw day', value: 'Thursday 8:30pm' },
      { label: 'Pick', value: sets.map((s) => `${s.count} from ${s.first}-${s.last}`).join(' and ') },
    ],
    draws: draws(key, firstInHours, 7, pool, '*'),
    game_types: [
      standardGameType(key, sets, 1.35),
      {
        ...standardGameType(key, sets, 1.35),
        key: 'reduced_system',
        name: 'Systems',
        path_suffix: '/systems',
        default_game_offer: `${key}-system-8`,
      },
    ],
    causes: [],
    recurring_purchase: { type: 'autoplay', availability: 'optional' },
    size: null,
    tickets: null,
    cost_per_share: null,
    syndicate_encoded_id: null,
    syndicate: null,
    raffle: null,
    ...extra,
  };
}

const OFFERS = [
  lottery('powerball', 'Powerball', 1, 30, 20_000_000, [
    { name: 'Numbers', count: 7, first: 1, last: 35 },
    { name: 'Powerball', count: 1, first: 1, last: 20 },
  ]),
  lottery('oz-lotto', 'Oz Lotto', 2, 80, 8_500_000, [{ name: 'Numbers', count: 7, first: 1, last: 47 }], {
    mega_jackpot: true,
    highlighted: true,
  }),
  lottery('saturday-lotto', 'Saturday Lotto', 3, 5, 5_000_000, [
    { name: 'Numbers', count: 6, first: 1, last: 45 },
  ]),
  lottery('set-for-life', 'Set for Life', 4, 10, null, [{ name: 'Numbers', count: 7, first: 1, last: 44 }]),
  {
    ...lottery('dream-home-raffle', 'Dream Home Raffle', 5, 200, 1_500_000, []),
    type: 'raffle_ticket',
    display_category: 'raffle',
    game_types: [],
    causes: [{ key: 'kids-hospital', url_slug: 'kids-hospital', name: "Children's Hospital Foundation" }],
    raffle: {
      cause_key: 'kids-hospital',
      total_tickets: 250_000,
      tickets_sold: 81_234,
      closes_at: iso(now + 190 * HOUR),
      postal_entry_available: false,
      books: [
        { num_tickets: 1, price: money(5) },
        { num_tickets: 3, price: money(10) },
        { num_tickets: 10, price: money(25) },
        { num_tickets: 30, price: money(50) },
      ],
      prizes: [
        { rank: 1, name: 'Gold Coast home package', value: money(1_500_000) },
        { rank: 2, name: 'Tesla Model 3', value: money(65_000) },
      ],
    },
  },
  {
    ...lottery('powerball-syndicate', 'Powerball Syndicate', 6, 30, 20_000_000, []),
    type: 'syndicate_share',
    display_category: 'syndicate',
    game_types: [],
    tickets: { num_standard_games: 100, num_games: 100, name: 'System 12' },
    cost_per_share: money(24.95),
    syndicate: { total_shares: 50, shares_sold: 12, lottery_key: 'powerball' },
  },
];

const ALL_CAPABILITIES = [
  'native-app',
  'causes_directory',
  'commercial_lotteries',
  'charity_lotteries',
  'multi_offer_site',
  'social-syndicates',
  'syndicates',
  'responsible_gambling',
  'cookie_consent',
  'blog',
  'feedback',
  'sitewide_banner',
];

const PAGES: Record<string, unknown> = {
  about: {
    id: 'p-about',
    slug: 'about',
    title: 'About Drawhouse',
    meta_description: 'Who we are.',
    blocks: [
      {
        type: 'paragraph',
        text: 'Drawhouse sells official Australian lottery tickets online. <b>not bold</b>',
      },
      { type: 'heading', text: 'What we do' },
      { type: 'list', items: ['Lotteries', 'Charity raffles', 'Syndicates'] },
    ],
  },
  'responsible-gaming': {
    id: 'p-rg',
    slug: 'responsible-gaming',
    title: 'Responsible gambling',
    meta_description: 'Play for fun.',
    blocks: [{ type: 'paragraph', text: 'Set limits and take breaks.' }],
  },
};

const RESPONSES: Record<string, () => unknown> = {
  '/discover': () => ({
    services: [
      { name: 'main', base_path: '/v2', versions: ['3.0', '3.3', '3.9'], default_version: '3.0' },
      { name: 'cms', base_path: '/cms', versions: ['1.0'], default_version: '1.0' },
    ],
  }),
  '/v2/config': () => ({
    site_name: 'Drawhouse',
    locale: 'en-AU',
    currency: 'AUD',
    timezone: 'Australia/Sydney',
    default_pricing: 'default',
    session_timeout_seconds: 3600,
    heartbeat_active_timeout: 600,
    minimum_registration_age: 18,
    support: {
      support_number: '1300 000 000',
      support_opening_hours: 'Mon-Fri 9am-5pm AEST',
      support_opening_hours_list: [],
      chat_available: false,
      email: 'help@drawhouse.example',
    },
    social_links: [
      { network: 'facebook', url: 'https://facebook.com/drawhouse' },
      { network: 'instagram', url: 'https://instagram.com/drawhouse' },
    ],
    payment_logos: ['amex', 'apple_pay', 'google_pay', 'mastercard', 'paypal', 'visa'],
    regulation_images: [
      { src: '/cms/files/regulator-nsw', alt: 'Licensed in NSW', href: 'https://example.org' },
    ],
    native_app: { android_url: 'https://play.example/drawhouse', ios_url: 'https://apps.example/drawhouse' },
  }),
  '/v2/capabilities': () => ({
    segments: [
      { segment_name: 'default', capabilities: ALL_CAPABILITIES },
      { segment_name: 'lite', capabilities: ['commercial_lotteries', 'multi_offer_site'] },
    ],
  }),
  '/v2/info/pricing/': () => ({
    pricings: [
      { name: 'default', segment_name: 'default', description: 'Every game', default: true },
      { name: 'lite', segment_name: 'lite', description: 'Lotteries only', default: false },
    ],
  }),
  '/v2/pricing/default/product_offers': () => ({ offers: MODE === 'empty' ? [] : OFFERS }),
  '/v2/pricing/lite/product_offers': () => ({ offers: OFFERS.filter((o) => o.type === 'lottery_ticket') }),
  '/v2/causes': () => ({
    causes: [
      {
        key: 'kids-hospital',
        url_slug: 'kids-hospital',
        name: "Children's Hospital Foundation",
        summary: 'Care for sick kids.',
        description: 'Every ticket helps fund care for sick kids and their families.',
        image: null,
        website: 'https://example.org',
        product_offer_keys: ['dream-home-raffle'],
      },
    ],
  }),
  '/cms/items/theme': () => ({
    colors: toSnakeDeep(DEFAULT_COLOURS),
    logo: { src: '/cms/files/drawhouse-logo', alt: 'Drawhouse home' },
    meta: { title: 'Drawhouse', description: 'Lotteries, raffles and syndicates online.' },
    motifs: {},
    typography: { heading_font: 'Georgia, serif', body_font: 'Arial, sans-serif', base_size: 16 },
  }),
  '/cms/items/site_config': () => ({
    navigation: {
      primary: [
        { type: 'lotto', label: 'Lotto', url: '/lotto-tickets' },
        { type: 'raffle', label: 'Raffles', url: '/charity-tickets' },
        { type: 'social_play', label: 'Syndicates', url: '/syndicates' },
        { type: 'results', label: 'Results', url: null },
        { type: 'internal', label: 'Causes', url: '/causes' },
        { type: 'external', label: 'Help centre', url: 'https://help.example.org' },
      ],
    },
    component_variants: { home_hero: 'A' },
    sitewide_banner: {
      id: 'spring',
      text: 'Spring draws are here: bigger jackpots all month.',
      link: '/lotto-tickets',
    },
    footer: { about_text: 'Drawhouse is a licensed reseller of official Australian lotteries.' },
  }),
};

/** The contract schema of each answer above (pages: PageSchema). */
const CONTRACT: Record<string, z.ZodType> = {
  '/discover': DiscoverySchema,
  '/v2/config': ConfigSchema,
  '/v2/capabilities': CapabilitiesSchema,
  '/v2/info/pricing/': PricingInfoSchema,
  '/v2/pricing/default/product_offers': ProductOffersSchema,
  '/v2/pricing/lite/product_offers': ProductOffersSchema,
  '/v2/causes': CausesSchema,
  '/cms/items/theme': ThemeSchema,
  '/cms/items/site_config': ContentSiteConfigSchema,
};

const drift = [
  ...Object.entries(RESPONSES).map(([path, answer]) => [path, CONTRACT[path], answer()] as const),
  ...Object.entries(PAGES).map(([slug, page]) => [`/cms/items/pages/${slug}`, PageSchema, page] as const),
].flatMap(([path, schema, answer]) => {
  if (!schema) return [`${path}: no contract schema`];
  const checked = schema.safeParse(toCamelDeep(answer));
  return checked.success
    ? []
    : checked.error.issues.map((issue) => `${path}: ${issue.path.join('.')}: ${issue.message}`);
});
if (drift.length > 0) {
  console.error(`The fake API's answers do not match the contract:\n${drift.join('\n')}`);
  process.exit(1);
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' });
  res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, status: number, code: string, message: string) {
  send(res, status, { error: { status, code, message }, messages: [{ code, message }] });
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const key = String(req.headers['x-app-key'] ?? '');
  const timestamp = String(req.headers['x-timestamp'] ?? '');
  const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  const expected = requestSignature(key, timestamp, SECRET, token);
  if (LOG)
    console.log(
      req.method,
      url.pathname,
      req.headers['x-api-version'] ?? '',
      req.headers['x-sub-variant'] ?? '',
    );
  if (req.headers['x-signature'] !== expected) return fail(res, 401, 'invalid_signature', 'Bad signature.');
  if (url.pathname.startsWith('/cms/files/')) {
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' });
    return res.end(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fff"/><text x="8" y="26" font-size="14">Regulator</text></svg>',
    );
  }
  if (MODE === 'maintenance' && url.pathname !== '/discover') {
    return fail(res, 503, 'maintenance', 'Down for maintenance.');
  }
  const page = /^\/cms\/items\/pages\/([^/]+)$/.exec(url.pathname);
  if (page) {
    const found = PAGES[page[1] ?? ''];
    return found
      ? send(res, 200, { result: found, messages: [] })
      : fail(res, 404, 'item_not_found', 'No such page.');
  }
  const answer = RESPONSES[url.pathname];
  if (!answer) return fail(res, 404, 'not_found', 'Not found.');
  send(res, 200, { result: answer(), messages: [] });
}).listen(PORT, '127.0.0.1', () => console.log(`fake API on http://127.0.0.1:${PORT} (${MODE})`));
