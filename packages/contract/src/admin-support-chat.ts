/**
 * The chat switch in the back office (support role): whether a chat team is on duty, the chat hours it
 * keeps (day 0 Sunday to 6 Saturday, `HH:MM` in the site's time zone) and whether the shop offers
 * "Chat Online" now (switched on and within the hours).
 */
import { z } from 'zod';

export const AdminSupportChatSchema = z.object({
  chatOn: z.boolean(),
  chatHours: z.array(z.object({ day: z.number().int(), opens: z.string(), closes: z.string() })),
  chatAvailable: z.boolean(),
});
export type AdminSupportChat = z.infer<typeof AdminSupportChatSchema>;

/** PATCH /admin/support/chat. */
export const AdminSupportChatBodySchema = z.object({ chatOn: z.boolean() });
export type AdminSupportChatBody = z.infer<typeof AdminSupportChatBodySchema>;
