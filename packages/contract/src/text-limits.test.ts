import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  ceoRegisterBodySchema,
  changePasswordBodySchema,
  profileFormWithEmailSchema,
  updateProfileBodySchema,
} from './accounts';
import { businessInfoFormSchema, createBusinessBodySchema, updateBusinessBodySchema } from './businesses';
import { MESSAGES } from './messages';
import { editUserFormSchema, joinBusinessBodySchema, listUsersQuerySchema } from './team';

// The modules themselves, not the index: the words must not depend on zod's global configuration
// (zod-config.ts), which a page that imports one schema module does not necessarily install.

const long = (length: number) => 'a'.repeat(length);

/** The message of the first issue at `path`. */
function messageAt(schema: z.ZodType, value: unknown, path: string): string | undefined {
  const result = schema.safeParse(value);
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('a text longer than its field allows', () => {
  const register = {
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@example.com',
    password: 'pass-word-123',
    business: { name: 'Ada Stores', business_email: 'shop@example.com', about: 'Provisions' },
  };

  it.each([
    ['register: first name', ceoRegisterBodySchema, { ...register, first_name: long(101) }, 'first_name', 100],
    ['register: last name', ceoRegisterBodySchema, { ...register, last_name: long(101) }, 'last_name', 100],
    [
      'register: business name',
      ceoRegisterBodySchema,
      { ...register, business: { ...register.business, name: long(121) } },
      'business.name',
      120,
    ],
    [
      'register: about',
      ceoRegisterBodySchema,
      { ...register, business: { ...register.business, about: long(1001) } },
      'business.about',
      1000,
    ],
    ['register: password', ceoRegisterBodySchema, { ...register, password: long(201) }, 'password', 200],
    ['Add Business: name', createBusinessBodySchema, { name: long(121) }, 'name', 120],
    ['Add Business: about', createBusinessBodySchema, { name: 'Shop', about: long(1001) }, 'about', 1000],
    ['business Edit Info: about', businessInfoFormSchema, { name: 'Shop', about: long(1001) }, 'about', 1000],
    ['business update: name', updateBusinessBodySchema, { id: 1, name: long(121) }, 'name', 120],
    [
      'Edit user: first name',
      editUserFormSchema,
      { first_name: long(101), last_name: 'B', role: 'manager' },
      'first_name',
      100,
    ],
    [
      'join: last name',
      joinBusinessBodySchema,
      { first_name: 'A', last_name: long(101), password: 'pass-word-123', role: 'customer', business_slug: 'shop' },
      'last_name',
      100,
    ],
    ['user search', listUsersQuerySchema, { business_id: '1', search: long(101) }, 'search', 100],
    [
      '/settings Edit Info: first name',
      profileFormWithEmailSchema,
      { first_name: long(101), last_name: 'Obi', email: 'ada@example.com' },
      'first_name',
      100,
    ],
    [
      '/settings Edit Info: current password',
      updateProfileBodySchema,
      { first_name: 'Ada', last_name: 'Obi', current_password: long(201) },
      'current_password',
      200,
    ],
    [
      'Change Password: previous password',
      changePasswordBodySchema,
      { previous_password: long(201), new_password: 'pass-word-123', confirm_password: 'pass-word-123' },
      'previous_password',
      200,
    ],
  ] as const)('%s says so plainly', (_name, schema, value, path, max) => {
    expect(messageAt(schema as z.ZodType, value, path)).toBe(MESSAGES.validation.tooLong(max));
  });

  it('counts what remains after trimming, and takes exactly the limit', () => {
    expect(businessInfoFormSchema.safeParse({ name: 'Shop', about: `  ${long(1000)}  ` }).success).toBe(true);
    expect(editUserFormSchema.safeParse({ first_name: long(100), last_name: 'B', role: 'manager' }).success).toBe(true);
  });

  it('reads as a plain sentence', () => {
    expect(MESSAGES.validation.tooLong(100)).toBe('Keep this to 100 characters or fewer.');
  });
});
