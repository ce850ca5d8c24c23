/**
 * Every back office page, in nav order: the one list the nav and the router read. A new page is a
 * module under pages/ exporting its AdminPage, added here; a page that does not exist is never linked.
 * The order the nav will have: Today, Draws, Raffles, Postal entries, Giveaways, Customers, Feedback, Support chat, Withdrawals, Verification, Payments,
 * Promotions, Content, Blog, Jobs, Operators, Banned countries, Audit log.
 */
import type { AdminPage } from './page';
import { auditPage } from './pages/audit';
import { bannedCountriesPage } from './pages/banned-countries';
import { blogPage } from './pages/blog';
import { blogPostPage, newBlogPostPage } from './pages/blog-post';
import { contentPage } from './pages/content';
import { customerPage } from './pages/customer';
import { customersPage } from './pages/customers';
import { drawPage } from './pages/draw';
import { drawsPage } from './pages/draws';
import { feedbackPage } from './pages/feedback';
import { giveawayPage } from './pages/giveaway';
import { newGiveawayPage } from './pages/giveaway-new';
import { giveawaysPage } from './pages/giveaways';
import { heldPrizesPage } from './pages/held-prizes';
import { jobsPage } from './pages/jobs';
import { offersPage } from './pages/offers';
import { operatorsPage } from './pages/operators';
import { paymentsPage } from './pages/payments';
import { postalEntriesPage } from './pages/postal-entries';
import { promotionPage } from './pages/promotion';
import { promotionsPage } from './pages/promotions';
import { rafflePage } from './pages/raffle';
import { newRafflePage } from './pages/raffle-new';
import { rafflesPage } from './pages/raffles';
import { supportChatPage } from './pages/support-chat';
import { verificationPage } from './pages/verification';
import { verificationDetailPage } from './pages/verification-detail';
import { withdrawalPage } from './pages/withdrawal';
import { withdrawalsPage } from './pages/withdrawals';

export const PAGES: readonly AdminPage[] = [
  drawsPage,
  drawPage,
  heldPrizesPage,
  rafflesPage,
  newRafflePage,
  rafflePage,
  postalEntriesPage,
  giveawaysPage,
  newGiveawayPage,
  giveawayPage,
  customersPage,
  customerPage,
  feedbackPage,
  supportChatPage,
  withdrawalsPage,
  withdrawalPage,
  verificationPage,
  verificationDetailPage,
  paymentsPage,
  promotionsPage,
  promotionPage,
  contentPage,
  offersPage,
  blogPage,
  newBlogPostPage,
  blogPostPage,
  jobsPage,
  operatorsPage,
  bannedCountriesPage,
  auditPage,
];
