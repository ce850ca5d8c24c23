/** The development mailbox (only with DEV_MAILBOX=1): the mail the local catcher received. */
import { z } from 'zod';

export const CaughtMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  receivedAt: z.string().describe('ISO 8601 UTC'),
});
export type CaughtMail = z.infer<typeof CaughtMailSchema>;

export const MailboxSchema = z.object({ messages: z.array(CaughtMailSchema) });
export type Mailbox = z.infer<typeof MailboxSchema>;
