/**
 * How a visitor reaches support: phone and email when the site has them, and chat only while the
 * site's configuration says chat is available (switched on and within the chat team's hours, see
 * chat-hours.ts).
 */

export const SUPPORT_COPY = {
  heading: "Got a question? We're here to help",
  chat: 'Chat Online',
  email: 'Email us',
} as const;

export type SupportSettings = { supportNumber: string; email: string; chatAvailable: boolean };

export type SupportChannel = { kind: 'phone' | 'email' | 'chat'; label: string; href: string };

/** Where "Chat Online" leads while chat is available. */
export const CHAT_HREF = '/about/contact-us#chat';

/** The labels of the email and chat channels: SUPPORT_COPY's, or the site locale's translations. */
export type SupportLabels = { email: string; chat: string };

export function supportChannels(
  support: SupportSettings,
  labels: SupportLabels = SUPPORT_COPY,
): SupportChannel[] {
  const channels: SupportChannel[] = [];
  const phone = support.supportNumber.trim();
  if (phone) channels.push({ kind: 'phone', label: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` });
  const email = support.email.trim();
  if (email) channels.push({ kind: 'email', label: labels.email, href: `mailto:${email}` });
  if (support.chatAvailable) channels.push({ kind: 'chat', label: labels.chat, href: CHAT_HREF });
  return channels;
}
