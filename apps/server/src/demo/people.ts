import { DEMO_PASSWORD, type MemberRole } from '@oja/contract';

/**
 * Who works at and buys from the demo shop. Everyone may log in to these accounts (the start-up log
 * prints how), which is why they are marked is_demo: their email and password never change.
 */
export { DEMO_PASSWORD };

export type DemoPerson = {
  key: 'ceo' | 'manager' | 'bisi' | 'musa' | 'amaka' | 'tunde' | 'fatima';
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_number: string | null;
  role: MemberRole;
};

/** The customer /test-customer-login signs in as: she has orders, receipts and a debt. */
export const DEMO_CUSTOMER_USERNAME = 'demo.amaka';

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'ceo',
    first_name: 'Nkechi',
    last_name: 'Obi',
    username: 'demo.nkechi',
    email: 'nkechi@demo.oja.test',
    phone_number: '+2348031234567',
    role: 'ceo',
  },
  {
    key: 'manager',
    first_name: 'Emeka',
    last_name: 'Nwosu',
    username: 'demo.emeka',
    email: 'emeka@demo.oja.test',
    phone_number: null,
    role: 'manager',
  },
  {
    key: 'bisi',
    first_name: 'Bisi',
    last_name: 'Adeyemi',
    username: 'demo.bisi',
    email: 'bisi@demo.oja.test',
    phone_number: null,
    role: 'sales_person',
  },
  {
    key: 'musa',
    first_name: 'Musa',
    last_name: 'Ibrahim',
    username: 'demo.musa',
    email: 'musa@demo.oja.test',
    phone_number: null,
    role: 'sales_person',
  },
  {
    key: 'amaka',
    first_name: 'Amaka',
    last_name: 'Okafor',
    username: DEMO_CUSTOMER_USERNAME,
    email: 'amaka@demo.oja.test',
    phone_number: '+2348059876543',
    role: 'customer',
  },
  {
    key: 'tunde',
    first_name: 'Tunde',
    last_name: 'Bakare',
    username: 'demo.tunde',
    email: 'tunde@demo.oja.test',
    phone_number: null,
    role: 'customer',
  },
  {
    key: 'fatima',
    first_name: 'Fatima',
    last_name: 'Bello',
    username: 'demo.fatima',
    email: 'fatima@demo.oja.test',
    phone_number: null,
    role: 'customer',
  },
];
