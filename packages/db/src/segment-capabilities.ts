/** The one query of a pricing segment's capabilities (none for an unknown segment): the API's gates read it. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { capabilitySegments } from './schema/index.ts';

export async function segmentCapabilities(db: DbOrTx, segmentName: string): Promise<string[]> {
  const [row] = await db
    .select({ capabilities: capabilitySegments.capabilities })
    .from(capabilitySegments)
    .where(eq(capabilitySegments.segmentName, segmentName));
  return row?.capabilities ?? [];
}
