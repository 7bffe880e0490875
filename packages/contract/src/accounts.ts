import * as z from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { roleSchema } from './enums';
import { text } from './ids';
import { MESSAGES } from './messages';

const m = MESSAGES.validation;

/** Text of at most `max` characters, with the same plain sentence on every form when it is longer. */
export const limitedText = (max: number, options: { multiline?: boolean } = {}) =>
  text(undefined, options).max(max, m.tooLong(max));
export const requiredText = (max = 150, options: { multiline?: boolean } = {}) =>
  text(undefined, options).trim().min(1, m.required).max(max, m.tooLong(max));
export const emailSchema = text({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(254, m.tooLong(254))
  .pipe(z.email({ error: m.invalidEmail }))
  .transform((email) => email.toLowerCase());
export const passwordSchema = text({ error: m.required })
  .min(1, m.required)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(200, m.tooLong(200));
export const codeSchema = text({ error: m.required })
  .trim()
  .regex(/^\d{6}$/, m.codeFormat);

/** The current business as carried inside a user answer. */
export const businessSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  about: z.string(),
  created_at: z.string(),
  free_trial: z.boolean(),
  trial_expiration_date: z.string().nullable(),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  is_active: z.boolean(),
  date_joined: z.string(),
  business: businessSummarySchema.nullable(),
  /** +234 and ten digits, when the person gave one (customers, for WhatsApp shares). */
  phone_number: z.string().nullable().optional(),
  /**
   * May open businesses (POST /users/businesses/): those who signed up as business owners. A member
   * made CEO of someone else's business may not, so the dashboard offers Add Business only on true.
   */
  can_create_business: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const ceoRegisterBodySchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
  password: passwordSchema,
  username: text()
    .trim()
    .regex(/^[a-zA-Z0-9_.]{3,30}$/, 'Username has 3-30 letters, digits, dots or underscores.')
    .optional(),
  business: z.strictObject({
    name: requiredText(120),
    business_email: emailSchema,
    about: requiredText(1000, { multiline: true }),
  }),
});
export type CeoRegisterBody = z.input<typeof ceoRegisterBodySchema>;

export const registeredSchema = z.object({ user: userSchema });

export const activateBodySchema = z
  .strictObject({
    email: emailSchema,
    code: text().optional(),
    resend_code: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.resend_code) return;
    const parsed = codeSchema.safeParse(body.code ?? '');
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['code'], message: body.code ? m.codeFormat : m.required });
  });
export type ActivateBody = z.input<typeof activateBodySchema>;

export const loginBodySchema = z.strictObject({
  email_or_username: requiredText(254),
  password: text().min(1, m.required).max(200, m.tooLong(200)),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const authResultSchema = z.object({
  user: userSchema,
  access_token: z.string(),
  refresh_token: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  new_password: passwordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * Names change at once. A different email (or a first one, for a member who joined by link) needs
 * `current_password` in the same request (a session alone, on a borrowed phone, must not move the
 * account to another inbox), and then becomes the account's after the code mailed to the new address
 * is entered (POST /users/confirm-email/); until then the old email stays, and the old address is then
 * mailed a link that undoes the change for 7 days. Leaving email out (or blank) keeps the current one,
 * so a member who joined by link and has none can still change their name; an email is never removed
 * this way.
 */
export const updateProfileBodySchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: z.preprocess(
    (value: string | undefined) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    emailSchema.optional(),
  ),
  current_password: limitedText(200).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** The Edit Info form of an account that has an email: the field stays required, as the spec says. */
export const profileFormWithEmailSchema = updateProfileBodySchema.extend({ email: emailSchema });

/** The profile after an update; `pending_email` names an address that waits for its code. */
export const updatedProfileSchema = z.object({
  user: userSchema,
  pending_email: z.string().nullable(),
});
export type UpdatedProfile = z.infer<typeof updatedProfileSchema>;

export const confirmEmailBodySchema = z.strictObject({ code: codeSchema });

/** The token of the link mailed to the old address when the email changed (the /undo-email-change page). */
export const undoEmailChangeBodySchema = z.strictObject({
  token: text({ error: MESSAGES.auth.undoLinkInvalid })
    .trim()
    .min(1, MESSAGES.auth.undoLinkInvalid)
    .max(200, MESSAGES.auth.undoLinkInvalid),
});
export type UndoEmailChangeBody = z.input<typeof undoEmailChangeBodySchema>;
/** The address the account has again. */
export const emailRestoredSchema = z.object({ email: z.string() });
export type ConfirmEmailBody = z.input<typeof confirmEmailBodySchema>;

export const changePasswordBodySchema = z
  .strictObject({
    previous_password: text().min(1, m.required).max(200, m.tooLong(200)),
    new_password: passwordSchema,
    confirm_password: text().min(1, m.required).max(200, m.tooLong(200)),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    path: ['confirm_password'],
    message: m.passwordsDoNotMatch,
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Bearer clients send the refresh token in the body; the web app's is in an HttpOnly cookie. */
export const refreshBodySchema = z.strictObject({ refresh_token: limitedText(200).optional() });
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

export const profileSchema = z.object({ user: userSchema });
export const emptySchema = z.object({});
