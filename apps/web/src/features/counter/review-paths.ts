/** The counter review page in the business (the CEO) and in the employee area (a manager). */
export const counterReviewPath = (slug: string, area: 'business' | 'employee') =>
  area === 'business' ? `/business/${slug}/counter-review` : `/${slug}/employee/counter-review`;
