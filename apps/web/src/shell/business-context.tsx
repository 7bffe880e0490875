import type { BusinessWithRole } from '@oja/contract';
import { createContext, useContext } from 'react';

/**
 * The business a /business/{slug} page is about, and the caller's role in it.
 * The business layout resolves the slug once and provides it; every page below
 * reads it here instead of looking the slug up again.
 */
export const BusinessContext = createContext<BusinessWithRole | null>(null);

export function useBusinessContext(): BusinessWithRole {
  const value = useContext(BusinessContext);
  if (!value) throw new Error('useBusinessContext outside the business layout');
  return value;
}
