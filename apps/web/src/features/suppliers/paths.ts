/** Where the suppliers live: the owner's business pages, or a manager's employee area. */
export function suppliersBase(pathname: string, slug: string): string {
  return pathname.startsWith('/business/') ? `/business/${slug}/suppliers` : `/${slug}/employee/suppliers`;
}

export const supplierPath = (base: string, supplierId: number) => `${base}/view?id=${supplierId}`;

/** The New delivery form, with its supplier already chosen when it is opened from their page. */
export const newDeliveryPath = (base: string, supplierId?: number) =>
  `${base}/delivery${supplierId ? `?supplier=${supplierId}` : ''}`;
