import { z } from 'zod';

/**
 * The custom headers a call carried, as the header provider resolved them; secret values (and their templates) are
 * masked there, so every copy made from this (turns, runs, the log, exports) holds the mask only. Stored with turns
 * and runs, so read back through this schema.
 */
export const forwardedHeadersSchema = z.object({
  profileName: z.string().nullable(),
  /** propagate_headers sent in the body. */
  propagate: z.boolean(),
  headers: z
    .array(
      z.object({
        name: z.string(),
        template: z.string(),
        value: z.string(),
        stripped: z.boolean(),
        secret: z.boolean().optional(),
      }),
    )
    .readonly(),
  /** Enabled headers of the profile that were not sent because forwarding was off. */
  notSent: z.array(z.string()).readonly(),
});
export type ForwardedHeaders = z.output<typeof forwardedHeadersSchema>;
