/**
 * Every mail Drawhouse sends, in one place: each function returns the subject and both the plain-text
 * and the HTML part, written from the same lines so they always say the same thing.
 */
export type MailContent = { subject: string; text: string; html: string };

type Line = string | { link: string; label: string } | { code: string };

const SUPPORT_LINE = 'Questions? Reply to this email or call us on 1300 000 000.';
const GAMBLING_HELP = 'Gamble responsibly. For free, confidential help call Gambling Help on 1800 858 858.';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(subject: string, greeting: string, lines: Line[]): MailContent {
  const all: Line[] = [greeting, ...lines, SUPPORT_LINE, 'The Drawhouse team', GAMBLING_HELP];
  const text = all
    .map((l) => (typeof l === 'string' ? l : 'link' in l ? `${l.label}: ${l.link}` : l.code))
    .join('\n\n');
  const body = all
    .map((l) => {
      if (typeof l === 'string') return `<p>${escapeHtml(l)}</p>`;
      if ('link' in l) {
        return `<p><a href="${escapeHtml(l.link)}" style="background:#1e3a5f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(l.label)}</a></p>`;
      }
      return `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(l.code)}</p>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:16px">${body}</body></html>`;
  return { subject, text, html };
}

const hello = (firstname: string) => `Hi ${firstname},`;

export function welcomeMail(input: { firstname: string; confirmUrl: string }): MailContent {
  return compose('Welcome to Drawhouse: please confirm your email', hello(input.firstname), [
    'Thanks for joining Drawhouse. Your account is ready: you can browse the draws and play straight away.',
    'Please confirm this is your email address, so we can send you your tickets, results and winnings.',
    { link: input.confirmUrl, label: 'Confirm my email' },
    'If you did not create this account, you can ignore this email.',
  ]);
}

export function confirmEmailMail(input: { firstname: string; confirmUrl: string }): MailContent {
  return compose('Confirm your new Drawhouse email address', hello(input.firstname), [
    'You asked to use this address for your Drawhouse account. Please confirm it.',
    { link: input.confirmUrl, label: 'Confirm my email' },
    'If you did not ask for this, please contact us straight away.',
  ]);
}

export function passwordResetMail(input: {
  firstname: string;
  resetUrl: string;
  expiresInMinutes: number;
}): MailContent {
  return compose('Reset your Drawhouse password', hello(input.firstname), [
    `Someone asked to reset the password of your Drawhouse account. The link works once, for ${input.expiresInMinutes} minutes.`,
    { link: input.resetUrl, label: 'Choose a new password' },
    'If it was not you, ignore this email: your password stays as it is.',
  ]);
}

export function twoFactorCodeMail(input: {
  firstname: string;
  code: string;
  expiresInMinutes: number;
}): MailContent {
  return compose(`Your Drawhouse code is ${input.code}`, hello(input.firstname), [
    'Use this code to confirm it is you:',
    { code: input.code },
    `It works once and expires in ${input.expiresInMinutes} minutes. Drawhouse will never ask you for this code by phone.`,
  ]);
}

export function newDeviceMail(input: { firstname: string; when: string; device: string }): MailContent {
  return compose('New sign-in to your Drawhouse account', hello(input.firstname), [
    `Your account was signed in to from a new device (${input.device}) on ${input.when}.`,
    'If this was you, there is nothing to do. If not, change your password and turn on two-factor authentication in Login and security.',
  ]);
}

export function accountClosedMail(input: { firstname: string }): MailContent {
  return compose('Your Drawhouse account is closed', hello(input.firstname), [
    'As you asked, your Drawhouse account is now closed and you can no longer sign in.',
    'Tickets you already bought still play in their draws, and any winnings will be paid to you.',
  ]);
}

/** A take a break or self-exclusion began: until when, what stops, what still works. */
export function breakStartedMail(input: {
  firstname: string;
  selfExclusion: boolean;
  /** "Saturday 5 December 2026 at 3:00pm", or null for a permanent self-exclusion. */
  until: string | null;
}): MailContent {
  const what = input.selfExclusion ? 'self-exclusion' : 'break';
  const lasts = input.until ? `It ends on ${input.until} (Sydney time).` : 'It is permanent.';
  return compose(`Your Drawhouse ${what} has started`, hello(input.firstname), [
    `As you asked, your ${what} from Drawhouse has started. ${lasts}`,
    'Until then you cannot buy tickets, add funds, or make recurring purchases, and nobody, our support team included, can end it early. You can still withdraw your balance.',
    ...(input.selfExclusion ? ['We have also stopped all marketing messages to you.'] : []),
  ]);
}

const NOT_YOU =
  'If this was not you, call us straight away on 1300 000 000: someone else may be using your account.';

export function passwordChangedMail(input: {
  firstname: string;
  when: string;
  byResetLink: boolean;
}): MailContent {
  return compose('Your Drawhouse password was changed', hello(input.firstname), [
    `The password of your Drawhouse account was changed${input.byResetLink ? ' with a reset link' : ''} on ${input.when}. Every other device was signed out.`,
    NOT_YOU,
  ]);
}

export function twoFactorChangedMail(input: {
  firstname: string;
  when: string;
  /** The method now on, or null when it was turned off. */
  method: 'authenticator' | 'email' | null;
}): MailContent {
  const subject =
    input.method === null
      ? 'Two-factor authentication was turned off for your Drawhouse account'
      : 'Two-factor authentication is on for your Drawhouse account';
  const how =
    input.method === null
      ? 'was turned off'
      : `now signs you in with ${input.method === 'authenticator' ? 'an authenticator app' : 'a one-time number sent by email'}`;
  return compose(subject, hello(input.firstname), [
    `Two-factor authentication of your Drawhouse account ${how}, on ${input.when}. You can change it in Login and security.`,
    NOT_YOU,
  ]);
}

export function signInProviderChangedMail(input: {
  firstname: string;
  when: string;
  provider: 'apple' | 'google';
  change: 'linked' | 'unlinked';
}): MailContent {
  const name = input.provider === 'apple' ? 'Apple' : 'Google';
  const subject =
    input.change === 'linked'
      ? `You can now sign in to Drawhouse with ${name}`
      : `Signing in to Drawhouse with ${name} was turned off`;
  const what =
    input.change === 'linked'
      ? `A ${name} account was linked to your Drawhouse account on ${input.when}: it now signs you in.`
      : `The ${name} account linked to your Drawhouse account was unlinked on ${input.when}: it no longer signs you in.`;
  return compose(subject, hello(input.firstname), [
    `${what} You can change this in Login and security.`,
    NOT_YOU,
  ]);
}

export function contactDetailsChangedMail(input: {
  firstname: string;
  when: string;
  changed: readonly ('phone' | 'address')[];
}): MailContent {
  const what = input.changed.map((c) => (c === 'phone' ? 'phone number' : 'postal address')).join(' and ');
  return compose(`The ${what} of your Drawhouse account changed`, hello(input.firstname), [
    `The ${what} of your Drawhouse account changed on ${input.when}. You can see your details in My account.`,
    NOT_YOU,
  ]);
}

/** Told to the address an account used before its email changed. */
export function emailChangedMail(input: { firstname: string; when: string; masked: string }): MailContent {
  return compose('Your Drawhouse email address was changed', hello(input.firstname), [
    `Your Drawhouse account stopped using this email address on ${input.when}: it now uses ${input.masked}. We will send your tickets, results and winnings there.`,
    NOT_YOU,
  ]);
}

/**
 * The receipt of a purchase: what was paid, each order with its tickets in words (`lines`, one per
 * ticket or pre-order), and the link to the receipt page.
 */
export function receiptMail(input: {
  firstname: string;
  total: string;
  paidNow: string;
  lines: string[];
  receiptUrl: string;
}): MailContent {
  return compose('Your Drawhouse tickets', hello(input.firstname), [
    `Thank you for your purchase. You paid ${input.paidNow} (order total ${input.total}).`,
    ...input.lines,
    { link: input.receiptUrl, label: 'See my receipt' },
    'Your tickets are in My Account. Good luck!',
  ]);
}

/**
 * A win: the feed entry's title and message (the same words the notifications feed shows), what was
 * credited to the wallet, and the link to the ticket.
 */
export function winMail(input: {
  firstname: string;
  title: string;
  message: string;
  credited: string | null;
  ticketUrl: string;
}): MailContent {
  return compose(input.title, hello(input.firstname), [
    input.message,
    ...(input.credited
      ? [`${input.credited} is in your Drawhouse wallet now, ready to play or withdraw.`]
      : []),
    { link: input.ticketUrl, label: 'See my winning ticket' },
  ]);
}

/** A public syndicate cancelled for a draw (too few shares sold): the share's price is back in the wallet. */
export function syndicateRefundMail(input: {
  firstname: string;
  title: string;
  message: string;
  ticketUrl: string;
}): MailContent {
  return compose(input.title, hello(input.firstname), [
    input.message,
    { link: input.ticketUrl, label: 'See my ticket' },
  ]);
}

/**
 * A notifications feed entry mailed in the same words: its title and message, and where to act on
 * it (a receipt, adding funds, a limit, a withdrawal's page).
 */
export function noticeMail(input: {
  firstname: string;
  title: string;
  message: string;
  link: string;
  label: string;
}): MailContent {
  return compose(input.title, hello(input.firstname), [
    input.message,
    { link: input.link, label: input.label },
  ]);
}

export function operatorInvitationMail(input: {
  invitedBy: string;
  roles: readonly string[];
  acceptUrl: string;
  expiresInHours: number;
}): MailContent {
  return compose('You are invited to the Drawhouse back office', 'Hello,', [
    `${input.invitedBy} invited you to run Drawhouse from its back office, with the roles: ${input.roles.join(', ')}.`,
    `The link works once, for ${input.expiresInHours} hours. You will choose a name and a password and add the back office to an authenticator app.`,
    { link: input.acceptUrl, label: 'Accept the invitation' },
    'If you did not expect this, you can ignore this email.',
  ]);
}

/** A free postal entry was entered into a raffle draw: its ticket number. */
export function postalEntryMail(input: {
  name: string;
  raffleName: string;
  drawNo: number;
  number: number;
}): MailContent {
  return compose(`Your free entry in ${input.raffleName}: ticket ${input.number}`, hello(input.name), [
    `We received your entry by post and entered it into ${input.raffleName}, draw ${input.drawNo}, free of charge.`,
    `Your ticket number is ${input.number}. It is drawn like every ticket sold. The winning numbers are published on the raffle's results page, and we contact winners directly.`,
  ]);
}
