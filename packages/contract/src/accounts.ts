import * as z from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { roleSchema } from './enums';
import { MESSAGES } from './messages';

const m = MESSAGES.validation;

export const requiredText = (max = 150) => z.string().trim().min(1, m.required).max(max);
export const emailSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(254)
  .pipe(z.email({ error: m.invalidEmail }))
  .transform((email) => email.toLowerCase());
export const passwordSchema = z
  .string({ error: m.required })
  .min(1, m.required)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(200);
export const codeSchema = z
  .string({ error: m.required })
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
});
export type User = z.infer<typeof userSchema>;

export const ceoRegisterBodySchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
  password: passwordSchema,
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_.]{3,30}$/, 'Username has 3-30 letters, digits, dots or underscores.')
    .optional(),
  business: z.strictObject({
    name: requiredText(120),
    business_email: emailSchema,
    about: requiredText(1000),
  }),
});
export type CeoRegisterBody = z.input<typeof ceoRegisterBodySchema>;

export const registeredSchema = z.object({ user: userSchema });

export const activateBodySchema = z
  .strictObject({
    email: emailSchema,
    code: z.string().optional(),
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
  password: z.string().min(1, m.required).max(200),
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

export const updateProfileBodySchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z
  .strictObject({
    previous_password: z.string().min(1, m.required).max(200),
    new_password: passwordSchema,
    confirm_password: z.string().min(1, m.required).max(200),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    path: ['confirm_password'],
    message: m.passwordsDoNotMatch,
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Bearer clients send the refresh token in the body; the web app's is in an HttpOnly cookie. */
export const refreshBodySchema = z.strictObject({ refresh_token: z.string().max(200).optional() });
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

export const profileSchema = z.object({ user: userSchema });
export const emptySchema = z.object({});
