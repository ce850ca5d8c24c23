import { z } from 'zod';

/**
 * Every answer is an envelope. Success: `{result, page_info?, links?, messages: []}`. Failure:
 * `{error: {status, code, message}, errors?: {<field>: [{code, message}]}, messages}`, where field
 * errors of no single field are listed under `general`.
 */
export const MessageSchema = z.object({ code: z.string(), message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

export const PageInfoSchema = z.object({ offset: z.number(), limit: z.number(), total: z.number() });
export type PageInfo = z.infer<typeof PageInfoSchema>;

export type Envelope<T> = {
  result: T;
  pageInfo?: PageInfo;
  links?: Record<string, string>;
  messages: Message[];
};

/** The success envelope around a result schema. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    result,
    pageInfo: PageInfoSchema.optional(),
    links: z.record(z.string(), z.string()).optional(),
    messages: z.array(MessageSchema),
  });
}

export const FailureSchema = z.object({
  error: z.object({ status: z.number(), code: z.string(), message: z.string() }),
  errors: z.record(z.string(), z.array(MessageSchema)).optional(),
  messages: z.array(MessageSchema),
});
export type Failure = z.infer<typeof FailureSchema>;

/** The answer of calls that only acknowledge. */
export const EmptyResultSchema = z.object({});
