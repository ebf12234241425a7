import { z } from 'zod';

/** One custom header of a profile, as the person typed it (the value may hold templates). */
export const headerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  enabled: z.boolean(),
  /** Sent, but kept and shown only masked outside the profile itself. */
  secret: z.boolean().optional(),
});
export type HeaderRow = z.output<typeof headerRowSchema>;
