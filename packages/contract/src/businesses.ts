import * as z from 'zod';
import { memberRoleSchema } from './enums';

/** The Business entity (spec section 3). */
export const businessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  about: z.string(),
  slug: z.string(),
  business_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  free_trial: z.boolean(),
  trial_expiration_date: z.string().nullable(),
});
export type Business = z.infer<typeof businessSchema>;

/** A business as one of its members sees it: with the caller's role there. */
export const businessWithRoleSchema = z.object({
  business: businessSchema,
  role: memberRoleSchema,
});
export type BusinessWithRole = z.infer<typeof businessWithRoleSchema>;
