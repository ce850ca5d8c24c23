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

async function chatOf(db: DbOrTx, at: Date, lock = false) {
  const repo = supportChatRepository(db);
  const support = await repo.support(lock);
  const chat = chatSettingsOf(support);
  const view: AdminSupportChat = {
    chatOn: chat.switchedOn,
    chatHours: chat.hours,
    chatAvailable: chatAvailable(chat, at, await repo.timezone()),
  };
  return { support, view };
}

export function createSupportChat(deps: { db: DbOrTx; now: () => Date; changed: () => void }) {
  const { db, now, changed } = deps;
  return {
    async show(): Promise<AdminSupportChat> {
      return (await chatOf(db, now())).view;
    },

    async save(actor: Actor, body: AdminSupportChatBody): Promise<AdminSupportChat> {
      const saved = await db.transaction(async (tx) => {
        const at = now();
        const { support, view: before } = await chatOf(tx, at, true);
        await supportChatRepository(tx).saveSupport({ ...support, chatOn: body.chatOn }, at);
        const { view: after } = await chatOf(tx, at);
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
