/**
 * Path schemas of the accounts routes; the bodies and answers are in @drawhouse/contract.
 */
import { z } from 'zod';

const text = (max = 500) => z.string().max(max);

export const CustomerParamsSchema = z.object({ id: text(100) });
export const PreferenceParamsSchema = z.object({ id: text(100), topic: text(200) });
