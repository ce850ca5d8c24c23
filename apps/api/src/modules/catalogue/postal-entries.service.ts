/**
 * Free postal entries into a raffle draw (ADR 069): an operator records the letter, and the entrant
 * gets the draw's next ticket number from the counter sales use, so the number is never given twice,
 * counts in the draw's tickets sold and is drawn like any other. Nothing is charged and no ledger row
 * is written. The entry, its audit row and the mail telling the entrant their number are one
 * transaction. A second letter from the same email for the same draw is refused with the first one's
 * number (409 `postal_entry_exists`), changing nothing, however often it is sent; a raffle without
 * postal entry or a draw no longer taking entries is refused (409), and so is a sold-out raffle.
 */
import type { PostalEntry, PostalEntryBody, PostalEntryList } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { checkPostalEntry, postalEntryRefusal } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { postalEntryMail, requestMail } from '../notifications/index.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { type PostalEntryRow, postalEntriesRepository } from './postal-entries.repository.ts';

function view(row: PostalEntryRow, drawNo: number): PostalEntry {
  return {
    id: row.id,
    productOfferKey: row.productOfferKey,
    drawNo,
    number: row.number,
    name: row.name,
    address: row.address,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => new AppError(404, 'raffle_draw_not_found', 'There is no such raffle draw.');

const REFUSALS = {
  not_offered: ['postal_entry_not_offered', 'This raffle does not take free postal entries.'],
  draw_closed: ['draw_closed', 'This draw no longer takes entries.'],
} as const;

export function createPostalEntries(deps: { db: Database; now: () => Date; changed?: () => void }) {
  const { db, now } = deps;
  return {
    async list(key: string, drawNo: number): Promise<PostalEntryList> {
      const repo = postalEntriesRepository(db);
      const found = await repo.raffleDraw(key, drawNo, false);
      if (!found) throw notFound();
      const entries = await repo.entries(found.draw.id);
      return {
        raffleName: found.name,
        drawNo,
        drawStatus: found.draw.status,
        stopAt: found.draw.stopAt.toISOString(),
        postalEntryAvailable: found.raffle.postalEntryAvailable,
        refusal: postalEntryRefusal(found.raffle, found.draw, now()),
        entries: entries.map((e) => view(e, drawNo)),
      };
    },

    async record(actor: Actor, key: string, drawNo: number, body: PostalEntryBody): Promise<PostalEntry> {
      const checked = checkPostalEntry(body);
      if (!checked.ok)
        throw new AppError(400, 'invalid_postal_entry', 'Check the highlighted fields.', checked.errors);
      const values = checked.values;
      const entry = await db.transaction(async (tx) => {
        const repo = postalEntriesRepository(tx);
        const found = await repo.raffleDraw(key, drawNo, true);
        if (!found) throw notFound();
        const refusal = postalEntryRefusal(found.raffle, found.draw, now());
        if (refusal) {
          const [code, message] = REFUSALS[refusal];
          throw new AppError(409, code, message);
        }
        const earlier = await repo.entryOf(found.draw.id, values.emailKey);
        if (earlier) {
          throw new AppError(
            409,
            'postal_entry_exists',
            `This email has entered draw ${drawNo} already, with ticket number ${earlier.number}.`,
            {
              email: [
                {
                  code: 'postal_entry_exists',
                  message: `Already entered with ticket number ${earlier.number}.`,
                },
              ],
            },
          );
        }
        const number = await repo.takeNumber(key);
        if (number === undefined)
          throw new AppError(409, 'sold_out', 'Every ticket of this raffle is taken.');
        const row = await repo.insert({
          ...values,
          productOfferKey: key,
          drawId: found.draw.id,
          number,
          operatorId: actor.operator.id === '' ? null : actor.operator.id,
        });
        await recordAudit(tx, actor, {
          action: 'raffle.postal_entry_recorded',
          targetType: 'raffle',
          targetId: key,
          after: { drawNo, number, entryId: row.id, email: values.email },
        });
        await requestMail(
          tx,
          row.id,
          values.email,
          postalEntryMail({ name: values.name, raffleName: found.name, drawNo, number }),
        );
        return view(row, drawNo);
      });
      deps.changed?.();
      return entry;
    },
  };
}
