import type { Page } from '@playwright/test';
import { codeMailedTo, uniqueEmail } from '../fixtures';

export const PASSWORD = 'pass-word-123';

export type Ceo = {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
  businessName: string;
  slug: string;
  businessId: number;
};

/**
 * Each test stands for a different person, each on their own network: sign-ups
 * through the API come from an address of their own (the e2e server trusts
 * X-Forwarded-For), so that the whole suite does not spend one IP's mail and
 * sign-up budgets. The per-IP limits themselves are proven by the API tests.
 */
export function ownNetwork(): Record<string, string> {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` };
}

/**
 * A CEO signed up and verified through the API, logged in inside this page's
 * browser context (page.request shares its cookies). For tests whose subject
 * is not sign-up itself; accounts.spec.ts drives sign-up through the screens.
 */
export async function signUpCeoViaApi(
  page: Page,
  options: { firstName?: string; lastName?: string; businessName?: string } = {},
): Promise<Ceo> {
  const email = uniqueEmail('ceo');
  const firstName = options.firstName ?? 'Ada';
  const lastName = options.lastName ?? 'Obi';
  const businessName = options.businessName ?? `Shop ${Math.floor(Math.random() * 1e9)}`;
  const network = ownNetwork();
  const registered = await page.request.post('/api/v1/users/ceo-register/', {
    headers: network,
    data: {
      first_name: firstName,
      last_name: lastName,
      email,
      password: PASSWORD,
      business: { name: businessName, business_email: `biz-${email}`, about: 'Provisions and drinks' },
    },
  });
  if (!registered.ok()) throw new Error(`Sign-up failed: ${await registered.text()}`);
  const activated = await page.request.post('/api/v1/users/activate/', {
    headers: network,
    data: { email, code: await codeMailedTo(email) },
  });
  if (!activated.ok()) throw new Error(`Activation failed: ${await activated.text()}`);
  const { user } = (await activated.json()).response_data;
  return {
    email,
    password: PASSWORD,
    username: user.username,
    firstName,
    lastName,
    businessName,
    slug: user.business.slug,
    businessId: user.business.id,
  };
}

/** Logs in through the API in this page's context (an existing account). */
export async function logInViaApi(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post('/api/v1/users/login/', {
    data: { email_or_username: identifier, password },
  });
  if (!response.ok()) throw new Error(`Login failed: ${await response.text()}`);
}
