import { createHash } from 'node:crypto';

/**
 * A uuid derived from the name of a business event (`checkout:<id>:wallet:lottery_ticket`), shaped
 * like a version 5 uuid: the same event always gets the same id, so a ledger transfer or a checkout
 * made for it is written once however often the event is handled.
 */
export function eventId(name: string): string {
  const hash = createHash('sha256').update(`drawhouse:${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
