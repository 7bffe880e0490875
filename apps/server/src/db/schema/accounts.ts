import { LOGO_MAX_BYTES, MEMBER_ROLES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessId, oneOf } from './columns';

/** What an account is apart from any business (see `users.account_role`). */
const ACCOUNT_ROLES = ['ceo', 'member', 'superuser'] as const;
/** What a one-time code proves: an email address (activation) or the right to a new password. */
/** email: confirms a new address, which waits in new_email until its code is entered. */
const CODE_PURPOSES = ['activate', 'reset', 'email'] as const;

/** A data URL of LOGO_MAX_BYTES: base64 takes four characters for three bytes, after a short prefix. */
const LOGO_MAX_DATA_URL_LENGTH = 32 + Math.ceil(LOGO_MAX_BYTES / 3) * 4;

const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * A person. Not owned by a business: what they may do in each business is their
 * membership there. `is_active` means the account itself is usable (email
 * verified for a CEO); a member also needs an active membership.
 */
export const users = pgTable(
  'users',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    username: text().notNull(),
    email: text(),
    password_hash: text().notNull(),
    /** Optional, +234 and ten digits (the contract normalises 0803... to it), so a share goes straight to them. */
    phone_number: text(),
    is_active: boolean().notNull().default(false),
    /**
     * What the account is apart from any business: `ceo` for those who signed up
     * to run businesses (still a CEO with none left), `member` for people who
     * joined through an invite, `superuser` for the platform's own staff.
     */
    account_role: text({ enum: ACCOUNT_ROLES }).notNull().default('member'),
    /** The business whose membership the user's answers and `/` redirect use. */
    current_business_id: bigint({ mode: 'number' }).references((): AnyPgColumn => businesses.id, {
      onDelete: 'set null',
    }),
    /**
     * An account of the demo shop (src/demo): anyone may log in to it, so its email and password
     * never change and it never joins or opens another business.
     */
    is_demo: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    check('users_account_role_check', oneOf(t.account_role, ACCOUNT_ROLES)),
    check('users_phone_number_check', sql`${t.phone_number} ~ '^\\+234[0-9]{10}$'`),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    about: text().notNull().default(''),
    business_email: text(),
    /** The shop's profile, printed on receipts, invoices and statements; a debt reminder carries the account. */
    address: text(),
    phone: text(),
    bank_name: text(),
    account_number: text(),
    account_name: text(),
    /** When the logo (business_logos) was last set: the answer's version of it, read without the picture. */
    logo_at: timestamp({ withTimezone: true }),
    owner_id: bigint({ mode: 'number' }).references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    free_trial: boolean().notNull().default(true),
    trial_expiration_date: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('businesses_slug_key').on(t.slug),
    index('businesses_owner_idx').on(t.owner_id),
    check('businesses_phone_check', sql`${t.phone} ~ '^\\+234[0-9]{10}$'`),
    check('businesses_account_number_check', sql`${t.account_number} ~ '^[0-9]{10}$'`),
  ],
);

/**
 * The shop's logo, a data URL the phone made small. Apart from the business's row, which the gate reads on every
 * request: only the documents and the receipt screens read the picture.
 */
export const business_logos = pgTable(
  'business_logos',
  {
    business_id: bigint({ mode: 'number' })
      .primaryKey()
      .references((): AnyPgColumn => businesses.id, { onDelete: 'cascade' }),
    data_url: text().notNull(),
  },
  (t) => [
    check(
      'business_logos_data_url_check',
      sql`${t.data_url} ~ '^data:image/(png|jpeg)' and length(${t.data_url}) <= ${sql.raw(String(LOGO_MAX_DATA_URL_LENGTH))}`,
    ),
  ],
);

/** Who works in (or buys from) which business, and as what. */
export const memberships = pgTable(
  'memberships',
  {
    business_id: businessId(),
    user_id: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: MEMBER_ROLES }).notNull(),
    is_active: boolean().notNull().default(false),
    /**
     * Joined by an invite link and not yet activated, nor turned down, by the CEO: the owner's Needs attention
     * lists them. A member the CEO deactivated is inactive without waiting for anything.
     */
    awaiting_activation: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.user_id] }),
    index('memberships_user_idx').on(t.user_id),
    index('memberships_awaiting_idx').on(t.business_id, t.created_at).where(sql`${t.awaiting_activation}`),
    check('memberships_role_check', oneOf(t.role, MEMBER_ROLES)),
  ],
);

/** A login on one device: the family that its rotating refresh tokens belong to. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
    revoked_reason: text(),
    user_agent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Refresh tokens are stored hashed; a used one presented again revokes its session. */
export const refresh_tokens = pgTable(
  'refresh_tokens',
  {
    token_hash: text().primaryKey(),
    session_id: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.session_id)],
);

/** Six-digit codes for email verification and password reset, stored as keyed hashes. */
export const one_time_codes = pgTable(
  'one_time_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: CODE_PURPOSES }).notNull(),
    code_hash: text().notNull(),
    /** The address an 'email' code confirms; it becomes the account's email only when the code is entered. */
    new_email: text(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    consumed_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.user_id, t.purpose),
    check('one_time_codes_purpose_check', oneOf(t.purpose, CODE_PURPOSES)),
  ],
);

/**
 * The link mailed to the old address when an account's email changes: for 7 days it puts the old address
 * back and ends every session (modules/accounts/undo-email-change.ts). Stored as a hash, usable once.
 */
export const email_change_undos = pgTable(
  'email_change_undos',
  {
    token_hash: text().primaryKey(),
    user_id: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    old_email: text().notNull(),
    new_email: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_undos_user_idx').on(t.user_id)],
);

/** Failure counters for rate limits, shared by every server on the database. */
export const rate_limits = pgTable('rate_limits', {
  key: text().primaryKey(),
  window_started_at: timestamp({ withTimezone: true }).notNull(),
  failures: integer().notNull(),
});
