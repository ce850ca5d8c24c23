/** What a customer is told once their identity is verified: a feed entry and a mail in the same words. */
import { formatMoney } from './money.ts';
import type { WinNotice } from './win-notice.ts';

export const VERIFIED_NOTICE_ICON = 'shield-check';

export function verifiedNotice(depositCapCents: number): WinNotice {
  return {
    title: 'Your account is verified',
    icon: VERIFIED_NOTICE_ICON,
    message: `Thanks for verifying your identity. The ${formatMoney(depositCapCents)} limit on your deposits is lifted and you can now withdraw your winnings.`,
    isAutoDismissed: false,
    actions: [{ id: 'add-funds', text: 'Add funds', link: '/my-account/deposit', deepLink: null }],
  };
}
