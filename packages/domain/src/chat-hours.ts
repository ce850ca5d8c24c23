/**
 * When "Chat Online" shows: while the site's chat is switched on (an operator's switch: the chat team
 * is on duty) and the time in the site's time zone falls in one of the chat team's hours. Hours are
 * per weekday (0 Sunday to 6 Saturday), from `opens` up to but not including `closes`, `HH:MM` on a
 * 24-hour clock.
 */
import { zonedParts } from './draw-schedule.ts';

export type ChatHours = { day: number; opens: string; closes: string };

const minutesOf = (clock: string): number | null => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** Hours as stored: anything that is not a weekday with two clock times, opening before closing, is left out. */
export function chatHoursOf(stored: unknown): ChatHours[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item): ChatHours[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { day, opens, closes } = item as Record<string, unknown>;
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) return [];
    if (typeof opens !== 'string' || typeof closes !== 'string') return [];
    const from = minutesOf(opens);
    const to = minutesOf(closes);
    return from !== null && to !== null && from < to ? [{ day, opens, closes }] : [];
  });
}

/** The chat settings the site config's stored support settings hold (`chatOn`, `chatHours`). */
export function chatSettingsOf(support: Record<string, unknown>): {
  switchedOn: boolean;
  hours: ChatHours[];
} {
  return { switchedOn: support.chatOn === true, hours: chatHoursOf(support.chatHours) };
}

export function chatOpen(hours: readonly ChatHours[], at: Date, timeZone: string): boolean {
  const { weekday: day, hour, minute } = zonedParts(at, timeZone);
  const minutes = hour * 60 + minute;
  return hours.some(
    (h) => h.day === day && minutes >= (minutesOf(h.opens) ?? 0) && minutes < (minutesOf(h.closes) ?? 0),
  );
}

/** Whether chat is available: switched on, and within the chat team's hours. */
export function chatAvailable(
  chat: { switchedOn: boolean; hours: readonly ChatHours[] },
  at: Date,
  timeZone: string,
): boolean {
  return chat.switchedOn && chatOpen(chat.hours, at, timeZone);
}
