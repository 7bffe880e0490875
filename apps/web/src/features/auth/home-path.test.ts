import type { User } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { homePathFor } from './home-path';

const business = {
  id: 1,
  name: 'Shop',
  slug: 'shop',
  about: '',
  created_at: '2026-11-23T00:00:00.000Z',
  free_trial: true,
  trial_expiration_date: '2026-12-07',
};
const user = (role: User['role'], withBusiness = true): User => ({
  id: 1,
  first_name: 'Ada',
  last_name: 'Obi',
  username: 'ada',
  email: null,
  role,
  is_active: true,
  date_joined: '2026-11-23T00:00:00.000Z',
  business: withBusiness ? business : null,
});

describe('homePathFor', () => {
  it('sends each role to its area', () => {
    expect(homePathFor(null)).toBe('/login');
    expect(homePathFor(user('ceo'))).toBe('/dashboard');
    expect(homePathFor(user('ceo', false))).toBe('/dashboard');
    expect(homePathFor(user('superuser'))).toBe('/super');
    expect(homePathFor(user('customer'))).toBe('/shop/customer');
    expect(homePathFor(user('sales_person'))).toBe('/shop/employee');
    expect(homePathFor(user('manager'))).toBe('/shop/employee');
    expect(homePathFor(user('sales_rep'))).toBe('/shop/employee');
    expect(homePathFor(user('user'))).toBe('/awaiting-role');
    expect(homePathFor(user('user', false))).toBe('/awaiting-role');
    expect(homePathFor(user('customer', false))).toBe('/not-found');
  });
});
