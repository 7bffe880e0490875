import type { Business } from '@oja/contract';
import type { BusinessRow } from '../../platform/tenancy';

/** The spec's Business object from its row. */
export function presentBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    name: row.name,
    about: row.about,
    slug: row.slug,
    business_email: row.business_email,
    address: row.address,
    phone: row.phone,
    bank_name: row.bank_name,
    account_number: row.account_number,
    account_name: row.account_name,
    logo_at: row.logo_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    free_trial: row.free_trial,
    trial_expiration_date: row.trial_expiration_date,
  };
}
