/**
 * The chat switch (support role): an operator says whether a chat team is on duty; the shop offers
 * "Chat Online" while it is on and within the chat hours (the domain's `chatAvailable`). Each switch is
 * written with its audit row in one transaction.
 */
import type { AdminSupportChat, AdminSupportChatBody } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { chatAvailable, chatSettingsOf } from '@drawhouse/domain';
import { type Actor, recordAudit } from '../operators/index.ts';
import { supportChatRepository } from './support-chat.repository.ts';

/** What the back office shows of the support settings at `at` in the site's time zone. */
function viewOf(support: Record<string, unknown>, at: Date, timezone: string): AdminSupportChat {
  const chat = chatSettingsOf(support);
  return {
    chatOn: chat.switchedOn,
    chatHours: chat.hours,
    chatAvailable: chatAvailable(chat, at, timezone),
  };
}

export function createSupportChat(deps: { db: DbOrTx; now: () => Date; changed: () => void }) {
  const { db, now, changed } = deps;
  return {
    async show(): Promise<AdminSupportChat> {
      const repo = supportChatRepository(db);
      const [support, timezone] = await Promise.all([repo.support(), repo.timezone()]);
      return viewOf(support, now(), timezone);
    },

    async save(actor: Actor, body: AdminSupportChatBody): Promise<AdminSupportChat> {
      const saved = await db.transaction(async (tx) => {
        const at = now();
        const repo = supportChatRepository(tx);
        const support = await repo.support(true);
        const timezone = await repo.timezone();
        const stored = { ...support, chatOn: body.chatOn };
        await repo.saveSupport(stored, at);
        const before = viewOf(support, at, timezone);
        const after = viewOf(stored, at, timezone);
        await recordAudit(tx, actor, {
          action: body.chatOn ? 'chat.switched_on' : 'chat.switched_off',
          targetType: 'support',
          targetId: 'chat',
          before,
          after,
        });
        return after;
      });
      changed();
      return saved;
    },
  };
}
