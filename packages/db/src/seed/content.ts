/** Demo site settings, capabilities, pricings and CMS content (theme, navigation, pages, FAQ ...). */
import type { Block, Page } from '@drawhouse/contract';
import { CAPABILITIES, SHOP_COPY, translationGroup } from '@drawhouse/domain';

/**
 * Capabilities the demo segments leave off: `rebrand`, which only a site in the middle of a change
 * would switch on. A segment switches on only what works: capability-gates.test.ts fails when a
 * capability a demo segment has is checked by no page or call.
 */
export const OFF_IN_DEMO: readonly string[] = ['rebrand'];

/**
 * Every capability a multi-offer site has (the domain's CAPABILITIES; those named in words, such as
 * "customer deactivate", are snake_case there), but those of OFF_IN_DEMO.
 */
export const DEFAULT_CAPABILITIES: string[] = CAPABILITIES.filter((c) => !OFF_IN_DEMO.includes(c));

/** A lotteries-only storefront: no raffles, causes, syndicates, membership, blog or app. */
export const LITE_CAPABILITIES = [
  'multi_offer_site',
  'commercial_lotteries',
  'responsible_gambling',
  'cookie_consent',
  'viewing-orders',
  'autoplay_manage',
  'wallet_manage',
  'wallet_deposit',
  'wallet_withdrawal',
  'wallet_balance',
  'spend_limits',
  'deposit_limits',
  'verification',
  'verify_id',
  'terms_of_use',
  'support_faq',
  'account-details-manage',
  'feedback',
  'favourite_numbers',
  'registration',
];

/** What an offer type needs from a segment to be listed in its pricing. */
export const OFFER_CAPABILITY = {
  lottery_ticket: 'commercial_lotteries',
  raffle_ticket: 'charity_lotteries',
  syndicate_share: 'syndicates',
  membership: 'membership_program',
} as const;

export const PRICINGS = [
  {
    name: 'default',
    segmentName: 'default',
    description: 'Every lottery, charity raffle, syndicate and membership Drawhouse sells.',
    isDefault: true,
  },
  {
    name: 'lite',
    segmentName: 'lite',
    description: 'Lotteries only, for partner storefronts that do not sell raffles or syndicates.',
    isDefault: false,
  },
];

/**
 * The British storefront: the lotteries-only capabilities, shown in English (United Kingdom) with
 * prices in pounds (PRICING_LOCALES) and the en-GB translations. Added to a seeded database when
 * missing.
 */
export const UK_CAPABILITIES = [...LITE_CAPABILITIES];

export const UK_PRICING = {
  name: 'uk',
  segmentName: 'uk',
  description: 'Lotteries only, in English (United Kingdom) with prices in pounds.',
  isDefault: false,
};

/** The locale and currency of a pricing that is not shown in the site's own (site_config `pricing_locales`). */
export const PRICING_LOCALES: Record<string, { locale: string; currency: string }> = {
  uk: { locale: 'en-GB', currency: 'GBP' },
};

export const SITE_CONFIG: Record<string, unknown> = {
  config: {
    siteName: 'Drawhouse',
    locale: 'en-AU',
    currency: 'AUD',
    timezone: 'Australia/Sydney',
    defaultPricing: 'default',
    sessionTimeoutSeconds: 3600,
    heartbeatActiveTimeout: 600,
    minimumRegistrationAge: 18,
  },
  // Running experiments and their groups: a signed-in customer's group is fixed by their id (the
  // overview's experimentGroups). The home hero's layout, A or B, is one.
  experiments: { homeHero: { groups: ['A', 'B'] } },
  support: {
    supportNumber: '1300 000 000',
    supportOpeningHours: 'Mon-Fri 9am-5pm AEST',
    supportOpeningHoursList: [
      'Monday to Friday: 9am - 5pm',
      'Saturday: 10am - 2pm',
      'Sunday and public holidays: closed',
    ],
    // The operator's switch for chat (the demo has no chat team on duty), and the chat team's hours
    // in the site's time zone (0 Sunday): "Chat Online" shows while it is on and within them.
    chatOn: false,
    chatHours: [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '17:00' })),
      { day: 6, opens: '10:00', closes: '14:00' },
    ],
    email: 'help@drawhouse.example',
  },
  // Each network's own address form: LinkedIn pages live under /company/, TikTok and YouTube under @.
  social_links: [
    { network: 'facebook', url: 'https://www.facebook.com/drawhouse' },
    { network: 'instagram', url: 'https://www.instagram.com/drawhouse' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/drawhouse' },
    { network: 'pinterest', url: 'https://www.pinterest.com/drawhouse' },
    { network: 'tiktok', url: 'https://www.tiktok.com/@drawhouse' },
    { network: 'twitter', url: 'https://x.com/drawhouse' },
    { network: 'youtube', url: 'https://www.youtube.com/@drawhouse' },
  ],
  payment_logos: ['amex', 'apple_pay', 'google_pay', 'mastercard', 'paypal', 'visa'],
  regulation_images: [
    {
      src: '/cms/files/regulator-nsw',
      alt: 'Licensed by Liquor & Gaming NSW',
      href: 'https://www.liquorandgaming.nsw.gov.au',
    },
    {
      src: '/cms/files/gambling-help',
      alt: 'Gambling Help Online: 1800 858 858',
      href: 'https://www.gamblinghelponline.org.au',
    },
    {
      src: '/cms/files/adults-only',
      alt: 'For adults 18 and over only',
      href: '/about/responsible-gaming',
    },
  ],
  // Drawhouse has no phone app yet: without store addresses the footer shows no download links.
  native_app: { androidUrl: '', iosUrl: '' },
};

export const THEME = {
  colors: {
    primary: '#1d3557',
    primaryContrast: '#ffffff',
    secondary: '#457b9d',
    accent: '#f4a261',
    background: '#f8f9fb',
    surface: '#ffffff',
    text: '#1b1f24',
    muted: '#5c6670',
    navBackground: '#1d3557',
    navText: '#ffffff',
  },
  logo: { src: '/cms/files/logo', alt: 'Drawhouse' },
  meta: {
    title: 'Drawhouse',
    description:
      'Buy Powerball, Oz Lotto, Saturday Lotto and Set for Life tickets online, enter charity raffles and join syndicates. Play responsibly.',
  },
  motifs: { ballStyle: 'solid', cornerRadius: 12, pattern: 'confetti', cardShadow: 'soft' },
  typography: {
    headingFont: '"Poppins", "Segoe UI", Arial, sans-serif',
    bodyFont: '"Inter", "Segoe UI", Arial, sans-serif',
    baseSize: 16,
  },
};

export const SITE_CONFIG_ITEM = {
  navigation: {
    primary: [
      { type: 'lotto', label: 'Lotto', url: '/lotto-tickets' },
      { type: 'raffle', label: 'Raffles', url: '/charity-tickets' },
      { type: 'social_play', label: 'Syndicates', url: '/syndicates' },
      { type: 'results', label: 'Results', url: '/lotto-results' },
      { type: 'internal', label: 'Help', url: '/about/faq' },
    ],
  },
  componentVariants: { homeHero: 'A', productCard: 'B', footer: 'A' },
  sitewideBannerId: 'prize-home-closing',
  footer: {
    aboutText:
      'Drawhouse is an Australian online lottery, charity raffle and syndicate shop. Tickets are bought in official draws on your behalf. Gamble responsibly: for free, confidential help call Gambling Help on 1800 858 858.',
  },
};

export const BANNERS = [
  {
    id: 'prize-home-closing',
    text: 'The Coastal Prize Home Raffle closes soon: get your tickets and help sick kids.',
    link: '/coastal-prize-home',
    sitewide: true,
  },
  {
    id: 'powerball-jackpot',
    text: 'Powerball jackpots this Thursday: play with a System entry and cover more combinations.',
    link: '/powerball/systems',
    sitewide: false,
  },
];

/**
 * Addresses an earlier demo seed wrote that lead nowhere, and the pages they meant. A database
 * seeded before the fix gets them corrected on the next start (`fixSeededLinks`).
 */
export const SEEDED_LINK_FIXES: Readonly<Record<string, string>> = {
  '/raffles/coastal-prize-home': '/coastal-prize-home',
  '/responsible-gaming': '/about/responsible-gaming',
};

export const FAQ = [
  {
    id: 'how-tickets-work',
    category: 'Playing',
    question: 'How do I know my ticket was bought?',
    answer:
      'Every entry is placed in the official draw before entries close. You receive an email with your numbers and can see every ticket under My tickets.',
  },
  {
    id: 'when-entries-close',
    category: 'Playing',
    question: 'When do entries close?',
    answer:
      'Entries close an hour before each draw (two hours for syndicates). The closing time is shown on every game page in Sydney time.',
  },
  {
    id: 'collecting-prizes',
    category: 'Winnings',
    question: 'How do I collect a prize?',
    answer:
      'Prizes are paid into your Drawhouse account automatically. Larger prizes are paid straight to your nominated bank account once we have verified your identity.',
  },
  {
    id: 'systems',
    category: 'Playing',
    question: 'What is a System entry?',
    answer:
      'A System lets you pick more numbers than the game needs. It plays every combination of those numbers, and costs the same as buying each combination as a separate game.',
  },
  {
    id: 'syndicates',
    category: 'Syndicates',
    question: 'How do syndicate shares work?',
    answer:
      'A syndicate buys a large entry and splits it into equal shares. Any prize the entry wins is divided by the number of shares, and paid to each member for the shares they hold.',
  },
  {
    id: 'raffle-odds',
    category: 'Raffles',
    question: 'What are my chances in a charity raffle?',
    answer:
      'Raffles have a fixed number of tickets. Your chance of winning first prize is the number of tickets you hold divided by the tickets sold when the raffle closes.',
  },
  {
    id: 'spend-limits',
    category: 'Responsible gaming',
    question: 'Can I limit how much I spend?',
    answer:
      'Yes. Set a daily, weekly or monthly spend or deposit limit under Account settings. Lowering a limit takes effect immediately; raising it takes effect after seven days.',
  },
  {
    id: 'age',
    category: 'Account',
    question: 'Who can play?',
    answer:
      'You must be 18 or over and live in Australia. We verify your identity before paying larger prizes.',
  },
];

type PageDef = Omit<Page, 'id'>;

const h = (text: string): Block => ({ type: 'heading', text });
const p = (text: string): Block => ({ type: 'paragraph', text });
const list = (...items: string[]): Block => ({ type: 'list', items });

export const PAGES: PageDef[] = [
  {
    slug: 'about',
    title: 'About Drawhouse',
    metaDescription:
      'Drawhouse is an Australian online shop for official lotteries, charity raffles and syndicates.',
    blocks: [
      h('Lotteries, raffles and syndicates in one place'),
      p(
        'Drawhouse lets Australians buy entries into official lotteries, support charities through prize raffles and team up in syndicates, from any device.',
      ),
      p(
        'We are a licensed lottery reseller. Every ticket you buy is placed in the official draw before entries close, and your numbers are emailed to you straight away.',
      ),
      h('What we believe'),
      list(
        'Clear prices: the price you see is the price you pay.',
        'Prizes paid promptly and automatically.',
        'Tools that help you stay in control of your play.',
      ),
    ],
  },
  {
    slug: 'responsible-gaming',
    title: 'Responsible gaming',
    metaDescription:
      'Tools and support to keep lottery play fun: spend limits, time-outs and free help services.',
    blocks: [
      h('Keep it fun'),
      p(
        'Lotteries and raffles are a bit of fun with the chance of a prize. They are not a way to make money. Only spend what you can afford to lose.',
      ),
      h('Tools in your account'),
      list(
        'Daily, weekly and monthly spend limits',
        'Deposit limits',
        'Take a break for 24 hours up to 6 months',
        'Close your account at any time',
      ),
      h('Free, confidential help'),
      p(
        'Gambling Help Online is available 24 hours a day on 1800 858 858 or at gamblinghelponline.org.au. You must be 18 or over to play.',
      ),
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    metaDescription:
      'How Drawhouse collects, uses and protects your personal information under the Privacy Act 1988.',
    blocks: [
      h('Your privacy'),
      p(
        'We handle personal information in line with the Australian Privacy Principles in the Privacy Act 1988 (Cth). This policy explains what we collect, why, and the choices you have.',
      ),
      h('What we collect'),
      list(
        'Your name, date of birth, address, email and phone number',
        'Identity checks needed to confirm you are 18 or over',
        'Your tickets, transactions and account settings',
        'How you use our website, with your consent for non-essential cookies',
      ),
      h('Access and correction'),
      p(
        'You can ask for a copy of the information we hold about you, or ask us to correct it, by contacting our support team.',
      ),
    ],
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie policy',
    metaDescription: 'Which cookies Drawhouse uses and how to control them.',
    blocks: [
      h('Cookies we use'),
      p('Essential cookies keep you signed in and remember your cart. They cannot be switched off.'),
      p('Non-essential cookies help us understand how the site is used. We only set them if you agree.'),
      list(
        'Session: keeps you signed in until you sign out or the session ends',
        'Cart: remembers your tickets for 14 days',
        'Consent: remembers your cookie choice for a year',
      ),
    ],
  },
  {
    slug: 'faq',
    title: 'Frequently asked questions',
    metaDescription: 'Answers to common questions about tickets, prizes, syndicates and your account.',
    blocks: [
      h('Help and questions'),
      p('Find answers about buying tickets, collecting prizes, syndicates, raffles and your account below.'),
    ],
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms and conditions',
    metaDescription:
      'The terms that apply when you buy lottery tickets, raffle tickets or syndicate shares from Drawhouse.',
    blocks: [
      h('Agreement'),
      p(
        'These terms apply to every purchase made through Drawhouse. By opening an account you confirm that you are 18 or over and live in Australia.',
      ),
      h('Tickets and draws'),
      list(
        'Entries are placed in the official draw you choose, provided payment is received before entries close.',
        'Draw results published by the official operator are final.',
        'Prizes are paid to the account holder only.',
      ),
      h('Refunds'),
      p(
        'Tickets cannot be refunded once placed in a draw, except where Australian Consumer Law requires it.',
      ),
    ],
  },
  {
    slug: 'terms-of-use',
    title: 'Terms of use',
    metaDescription: 'The rules for using the Drawhouse website and apps.',
    blocks: [
      h('Using this website'),
      p(
        'You may use this website to buy tickets for yourself. You must not misuse it, attempt to access other accounts or interfere with its operation.',
      ),
      p('Content on this website is owned by Drawhouse or used under licence.'),
    ],
  },
  {
    slug: 'contact-us',
    title: 'Contact us',
    metaDescription: 'Call, email or write to the Drawhouse support team.',
    blocks: [
      h('We are here to help'),
      p('Call 1300 000 000, Monday to Friday 9am to 5pm and Saturday 10am to 2pm (Sydney time).'),
      p('Email help@drawhouse.example and we will reply within one business day.'),
      list('Post: Drawhouse Customer Care, PO Box 1000, Sydney NSW 2001'),
    ],
  },
];

export const TRANSLATIONS: { id: string; category: string; type: string; value: string }[] = [
  { id: 'home.hero.title', category: 'home', type: 'text', value: 'Big draws, good causes' },
  {
    id: 'home.hero.subtitle',
    category: 'home',
    type: 'text',
    value: 'Play Australia’s official lotteries, support charities and team up in syndicates.',
  },
  { id: 'home.hero.cta', category: 'home', type: 'text', value: 'Play now' },
  { id: 'home.sections.lotteries', category: 'home', type: 'text', value: 'Lotteries' },
  { id: 'home.sections.raffles', category: 'home', type: 'text', value: 'Charity raffles' },
  { id: 'home.sections.syndicates', category: 'home', type: 'text', value: 'Syndicates' },
  { id: 'play.heading.powerball', category: 'seo', type: 'text', value: 'Buy Powerball tickets online' },
  { id: 'play.heading.oz-lotto', category: 'seo', type: 'text', value: 'Buy Oz Lotto tickets online' },
  {
    id: 'play.heading.saturday-lotto',
    category: 'seo',
    type: 'text',
    value: 'Buy Saturday Lotto tickets online',
  },
  {
    id: 'play.heading.monday-wednesday-lotto',
    category: 'seo',
    type: 'text',
    value: 'Buy Monday & Wednesday Lotto tickets online',
  },
  {
    id: 'play.heading.set-for-life',
    category: 'seo',
    type: 'text',
    value: 'Buy Set for Life tickets online',
  },
  {
    id: 'play.heading.lotto-strike',
    category: 'seo',
    type: 'text',
    value: 'Buy Lotto Strike tickets online',
  },
  { id: 'play.heading.super-66', category: 'seo', type: 'text', value: 'Buy Super 66 tickets online' },
  { id: 'cart.empty', category: 'cart', type: 'text', value: 'Your cart is empty.' },
  { id: 'cart.checkout', category: 'cart', type: 'text', value: 'Checkout' },
  {
    id: 'cart.preorder.note',
    category: 'cart',
    type: 'text',
    value: 'Pre-orders are charged when the draw opens.',
  },
  {
    id: 'jackpot.footnote',
    category: 'common',
    type: 'text',
    value: '*Set for Life division 1 is paid as $20,000 a month for 20 years.',
  },
  { id: 'jackpot.unknown', category: 'common', type: 'text', value: 'Announced soon' },
  {
    id: 'footer.responsible',
    category: 'footer',
    type: 'html',
    value: 'Gamble responsibly. Call Gambling Help on <a href="tel:1800858858">1800 858 858</a>.',
  },
  { id: 'feedback.title', category: 'feedback', type: 'text', value: 'How was your visit?' },
];

type SeedTranslation = { id: string; category: string; type: string; value: string };

const shopCopyRows = (values: Record<string, string>): SeedTranslation[] =>
  Object.entries(values).map(([id, value]) => ({ id, category: translationGroup(id), type: 'text', value }));

/** The shop's own copy in en-AU: the wording it shows without translations, word for word. */
export const SHOP_COPY_EN_AU: SeedTranslation[] = shopCopyRows(SHOP_COPY);

/**
 * The same copy in en-GB (British wording where it differs), and the UK support line and hours,
 * which en-AU takes from the site's configuration.
 */
export const SHOP_COPY_EN_GB: SeedTranslation[] = shopCopyRows({
  ...SHOP_COPY,
  'errors.notFound.text': 'It looks like you may have taken a wrong turning.',
  'errors.notFound.homeLink': 'Try heading home and getting your bearings.',
  'errors.noProducts.text':
    'There are no products available at the moment, please check back later. Thank you for your patience.',
  'errors.maintenance.text': "We'll be up and running again shortly after this planned maintenance.",
  'errors.serverBusy.text': 'Our servers are very busy at the moment. Thank you for your patience.',
  'footer.paymentMethods': 'We take payment by:',
  'support.heading': "Got a question? We're on hand to help",
  'support.chat': 'Chat online',
  'support.number': '0330 000 0000',
  'support.hours': 'Mon-Fri 9am-5pm UK time',
});

export const TIPS = [
  {
    id: 'set-a-budget',
    title: 'Set a budget before you play',
    body: 'Decide what you are happy to spend each week and set it as a spend limit in your account. Drawhouse will stop purchases that go over it.',
  },
  {
    id: 'systems-cover-more',
    title: 'Systems cover more combinations',
    body: 'A System entry plays every combination of the numbers you choose. A Powerball System 8 covers 8 games with only one extra number to pick.',
  },
  {
    id: 'autoplay',
    title: 'Never miss a draw',
    body: 'Turn on Autoplay and your favourite numbers go into every draw automatically. Pause or cancel whenever you like.',
  },
  {
    id: 'syndicate-odds',
    title: 'Team up to play bigger entries',
    body: 'A syndicate share gives you a slice of a large System entry for a fraction of the price. Prizes are split by shares.',
  },
  {
    id: 'check-results',
    title: 'Prizes are checked for you',
    body: 'Every ticket is checked automatically after the draw and winnings land in your account. We email you when you win.',
  },
];
