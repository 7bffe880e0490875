import { ACTIVITY_KINDS, ACTIVITY_SUBJECTS, type ActivityDetails } from '@oja/contract';
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businessId, oneOf } from './columns';

/**
 * The activity log (ADR 0029): one row per change, inserted in the change's own transaction and never edited. A
 * trigger (migration 0049) refuses UPDATE, and DELETE while the business exists: only the business's own deletion
 * takes its log with it. So the actor is a plain id, not a foreign key (whose ON DELETE SET NULL is an UPDATE),
 * and the names are kept as they were at the time.
 */
export const activity_log = pgTable(
  'activity_log',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actor_id: bigint({ mode: 'number' }),
    actor_name: text().notNull(),
    kind: text({ enum: ACTIVITY_KINDS }).notNull(),
    subject_type: text({ enum: ACTIVITY_SUBJECTS }).notNull(),
    subject_id: bigint({ mode: 'number' }),
    subject_label: text().notNull(),
    details: jsonb().$type<ActivityDetails>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    /** The log newest first, whole or by kind or member (the filters narrow the same walk). */
    index('activity_log_business_at_idx').on(t.business_id, t.at.desc(), t.id.desc()),
    check('activity_log_kind_check', oneOf(t.kind, ACTIVITY_KINDS)),
    check('activity_log_subject_check', oneOf(t.subject_type, ACTIVITY_SUBJECTS)),
  ],
);
