import { type Database, topUpDraws } from '@drawhouse/db';
import type { FastifyBaseLogger } from 'fastify';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Keeps the next draws of every lottery on sale while the API runs. A timer for now; the planned
 * draw engine moves it to a pg-boss job with the rest of the draw lifecycle.
 */
export function startDrawTopUp(db: Database, log: FastifyBaseLogger, everyMs = EVERY_MS): () => void {
  const run = async () => {
    try {
      const created = await topUpDraws(db, new Date());
      if (created > 0) log.info({ created }, 'upcoming draws topped up');
    } catch (error) {
      log.error({ err: error }, 'draw top-up failed');
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
