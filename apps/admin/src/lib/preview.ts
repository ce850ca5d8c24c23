/** A preview link of something saved (a CMS page, a blog post, an offer), asked by a page's action. */
import { type PreviewRequestBody, PreviewTicketSchema } from '@drawhouse/contract';
import { adminCall } from './api';
import type { ActionResult } from './forms';

/** An action's result; a preview's carries the shop's address to open it at. */
export type PreviewResult = ActionResult & { previewUrl?: string };

/** Asks the API for a preview link (the ask is audited) and answers the form `intent` with it. */
export async function previewLink(intent: string, body: PreviewRequestBody): Promise<PreviewResult> {
  const ticket = await adminCall(PreviewTicketSchema, 'POST', '/content/preview', { body });
  return { intent, notice: 'The preview link is ready: it works for 30 minutes.', previewUrl: ticket.url };
}
