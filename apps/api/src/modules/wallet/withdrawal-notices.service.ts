/**
 * Telling customers about their withdrawals: each status a withdrawal reaches (requested, paid,
 * rejected, cancelled) is told once, as a feed entry (source key `withdrawal:{id}:{status}`) and a
 * mail in the same words, after the change has committed. `told_status` marks what was told; the
 * customer's own requests and cancels are told right after their answer, an operator's decision by
 * the next run of the jobs' sweep (every minute) or of `tellAll`.
 */
import type { Database } from '@drawhouse/db';
import { withdrawalNotice } from '@drawhouse/domain';
import { tellAll } from '../feed/index.ts';
import { type Mailer, noticeMail } from '../notifications/index.ts';
import { walletRepository } from './wallet.repository.ts';
import { fundDisplay } from './wallet.view.ts';

export const withdrawalPath = (id: string) => `/my-account/withdraw/details/${id}`;
export const withdrawalSourceKey = (id: string, status: string) => `withdrawal:${id}:${status}`;

type Untold = Awaited<ReturnType<ReturnType<typeof walletRepository>['claimUntoldWithdrawals']>>[number];

export function createWithdrawalNotices(deps: { db: Database; mailer: Mailer; webBaseUrl: string }) {
  return {
    /** Tells every withdrawal's customer the status not told yet; answers how many were told. */
    tellAll: (): Promise<number> =>
      tellAll<Untold>(deps.db, deps.mailer, {
        claim: (tx, limit) => walletRepository(tx).claimUntoldWithdrawals(limit),
        markTold: (tx, rows) => walletRepository(tx).markWithdrawalsTold(rows.map((r) => r.withdrawal.id)),
        tell: (_tx, { withdrawal: w, fund, email, firstname }) => {
          const notice = withdrawalNotice({
            status: w.status,
            amountCents: w.amountCents,
            fundDisplay: fundDisplay(fund),
            reason: w.reason,
            detailPath: withdrawalPath(w.id),
          });
          return {
            entry: { customerId: w.customerId, sourceKey: withdrawalSourceKey(w.id, w.status), notice },
            to: email,
            mail: noticeMail({
              firstname,
              title: notice.title,
              message: notice.message,
              link: `${deps.webBaseUrl}${withdrawalPath(w.id)}`,
              label: 'View withdrawal',
            }),
          };
        },
      }),
  };
}

export type WithdrawalNotices = ReturnType<typeof createWithdrawalNotices>;
