/**
 * The demo blog: Drawhouse news in three categories, kept as the CMS collections `blog_categories`
 * and `blog_posts`. Added on every start where missing (an operator's edit stays), dated back from
 * the day the database was first seeded with them.
 */
import type { Block, BlogCategory } from '@drawhouse/contract';
import type { DbOrTx } from '../client.ts';
import { cmsFiles, cmsItems } from '../schema/index.ts';
import { banner } from './svg.ts';

export const BLOG_CATEGORIES: Omit<BlogCategory, 'id'>[] = [
  {
    slug: 'draw-news',
    name: 'Draw news',
    description: 'Jackpots, special draws and changes to the games Drawhouse sells.',
  },
  {
    slug: 'winners',
    name: 'Winners',
    description: 'Stories from Drawhouse players who won, big and small.',
  },
  {
    slug: 'good-causes',
    name: 'Good causes',
    description: 'What charity raffle tickets bought through Drawhouse have paid for.',
  },
];

type SeedPost = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  daysAgo: number;
  categories: string[];
  colors: [string, string];
  body: Block[];
};

const h = (text: string): Block => ({ type: 'heading', text });
const p = (text: string): Block => ({ type: 'paragraph', text });
const list = (...items: string[]): Block => ({ type: 'list', items });

export const BLOG_POSTS: SeedPost[] = [
  {
    slug: 'powerball-jackpot-climbs-to-100-million',
    title: 'Powerball jackpot climbs to $100 million',
    excerpt:
      'No division 1 winner again on Thursday night, so this week’s Powerball jackpot has grown to an estimated $100 million.',
    author: 'Mia Thompson',
    daysAgo: 1,
    categories: ['draw-news'],
    colors: ['#1d3557', '#e63946'],
    body: [
      p(
        'Thursday’s Powerball draw produced no division 1 winner, so the jackpot for the next draw is estimated at $100 million, the largest this year.',
      ),
      h('Entries close an hour before the draw'),
      p(
        'Drawhouse places every entry in the official draw before entries close. Entries for this draw close at 7:30pm (Sydney time) on Thursday.',
      ),
      list(
        'Standard games from $1.35 a game',
        'System entries cover more combinations',
        'PowerHit covers every Powerball number',
      ),
      p('Set a spend limit in your account before you play, and only spend what you can afford.'),
    ],
  },
  {
    slug: 'coastal-prize-home-raffle-opens',
    title: 'The Coastal Prize Home Raffle is open',
    excerpt:
      'A four-bedroom home on the New South Wales coast is first prize in this season’s raffle for the children’s hospital foundation.',
    author: 'Daniel Nguyen',
    daysAgo: 4,
    categories: ['good-causes', 'draw-news'],
    colors: ['#2a9d8f', '#264653'],
    body: [
      p(
        'This season’s Coastal Prize Home Raffle is open. First prize is a furnished four-bedroom home with ocean views, and every ticket helps the children’s hospital foundation buy new equipment.',
      ),
      h('How the raffle works'),
      p(
        'The raffle has a fixed number of tickets. Your chance of winning first prize is the number of tickets you hold divided by the tickets sold when the raffle closes.',
      ),
      list(
        'Tickets from $10',
        'Books of tickets at a lower price a ticket',
        'Early-bird prize for tickets bought this month',
      ),
    ],
  },
  {
    slug: 'melbourne-syndicate-shares-division-1',
    title: 'Melbourne syndicate shares a division 1 prize',
    excerpt:
      'Twenty members of a Drawhouse Saturday Lotto syndicate split a division 1 prize of $1.2 million last weekend.',
    author: 'Priya Patel',
    daysAgo: 8,
    categories: ['winners'],
    colors: ['#f4a261', '#e76f51'],
    body: [
      p(
        'A Drawhouse Saturday Lotto syndicate won division 1 last Saturday. The prize of $1.2 million was split between the syndicate’s 20 shares, so each member holding one share received $60,000.',
      ),
      p(
        '“I only joined because a friend told me about it,” said one member from Melbourne. “I checked my email twice before I believed it.”',
      ),
      h('Prizes are paid automatically'),
      p('Every ticket is checked after the draw, and prizes go straight into each member’s account.'),
    ],
  },
  {
    slug: 'set-for-life-now-on-drawhouse',
    title: 'Set for Life is now on Drawhouse',
    excerpt:
      'Set for Life, the game that pays division 1 as $20,000 a month for 20 years, can now be played on Drawhouse every day.',
    author: 'Mia Thompson',
    daysAgo: 13,
    categories: ['draw-news'],
    colors: ['#457b9d', '#1d3557'],
    body: [
      p(
        'You can now buy Set for Life tickets on Drawhouse. The game is drawn every night and its division 1 prize is paid as $20,000 a month for 20 years.',
      ),
      list('Drawn every night', 'Pick 7 numbers from 44', 'Autoplay keeps your numbers in every draw'),
    ],
  },
  {
    slug: 'raffle-tickets-fund-rescue-helicopter',
    title: 'Raffle tickets help fund a new rescue helicopter',
    excerpt:
      'Players who bought charity raffle tickets through Drawhouse helped raise $2.4 million towards a new rescue helicopter.',
    author: 'Daniel Nguyen',
    daysAgo: 19,
    categories: ['good-causes'],
    colors: ['#c92a2a', '#862e9c'],
    body: [
      p(
        'Last season’s raffle for the rescue helicopter service raised $2.4 million, enough to pay for a large part of a new aircraft that will fly its first missions next year.',
      ),
      h('Thank you'),
      p('Every ticket counts. Thank you to everyone who played, and congratulations to the prize winners.'),
    ],
  },
  {
    slug: 'brisbane-grandmother-wins-oz-lotto',
    title: 'Brisbane grandmother wins Oz Lotto division 2',
    excerpt:
      'A Brisbane grandmother who has played the same numbers for fifteen years won division 2 in Tuesday’s Oz Lotto draw.',
    author: 'Priya Patel',
    daysAgo: 26,
    categories: ['winners'],
    colors: ['#2b8a3e', '#087f5b'],
    body: [
      p(
        'A Brisbane grandmother won $48,000 in Tuesday’s Oz Lotto draw with numbers made up of her grandchildren’s birthdays, played through Autoplay for fifteen years.',
      ),
      p('She plans to take the whole family on a holiday to the Whitsundays.'),
    ],
  },
  {
    slug: 'new-spend-limit-tools',
    title: 'New tools to keep your play in check',
    excerpt:
      'Daily, weekly and monthly spend limits now apply across every lottery, raffle and syndicate you buy on Drawhouse.',
    author: 'Sam O’Connor',
    daysAgo: 34,
    categories: ['draw-news'],
    colors: ['#5c6670', '#1b1f24'],
    body: [
      p(
        'We have updated the spend limits in your account. A limit you set now covers every product on Drawhouse, including raffles and syndicate shares.',
      ),
      list(
        'Lowering a limit takes effect straight away',
        'Raising a limit takes effect after seven days',
        'Deposit limits work alongside spend limits',
      ),
      p('Gambling Help Online is available 24 hours a day on 1800 858 858.'),
    ],
  },
  {
    slug: 'perth-couple-wins-prize-home',
    title: 'Perth couple wins the Spring Prize Home',
    excerpt:
      'A Perth couple who bought a book of five tickets won the Spring Prize Home Raffle and its $100,000 in gold bullion.',
    author: 'Sam O’Connor',
    daysAgo: 41,
    categories: ['winners', 'good-causes'],
    colors: ['#e9c46a', '#f4a261'],
    body: [
      p(
        'A couple from Perth won the Spring Prize Home Raffle with one of the five tickets they bought in a book. The raffle raised $3.1 million for cancer research.',
      ),
      p('They told us they plan to rent the home out and give part of the income to the same charity.'),
    ],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

const categoryName = (slug: string | undefined) =>
  BLOG_CATEGORIES.find((c) => c.slug === slug)?.name ?? 'News';

/** The demo blog's categories, posts and hero images, added where missing. */
export async function seedBlog(tx: DbOrTx, now: Date): Promise<void> {
  await tx
    .insert(cmsItems)
    .values([
      ...BLOG_CATEGORIES.map((c, i) => ({
        collection: 'blog_categories',
        id: c.slug,
        slug: c.slug,
        data: { ...c },
        sortOrder: i,
      })),
      ...BLOG_POSTS.map(({ daysAgo, colors: _colors, ...post }) => ({
        collection: 'blog_posts',
        id: post.slug,
        slug: post.slug,
        data: {
          ...post,
          heroImage: { src: `/cms/files/blog-${post.slug}`, alt: '' },
          publishedAt: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
          seoTitle: post.title,
          seoDescription: post.excerpt,
        },
      })),
    ])
    .onConflictDoNothing();
  await tx
    .insert(cmsFiles)
    .values(
      BLOG_POSTS.map((post) => ({
        id: `blog-${post.slug}`,
        contentType: 'image/svg+xml',
        body: banner(categoryName(post.categories[0]), 'Drawhouse news', post.colors[0], post.colors[1]),
      })),
    )
    .onConflictDoNothing();
}
