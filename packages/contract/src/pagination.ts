import * as z from 'zod';

export const pageQuerySchema = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** The spec's list answer: count, next, previous, results, plus where we are. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
    current_page: z.number().int(),
    total_pages: z.number().int(),
    results: z.array(item),
  });
}

export type Paginated<T> = {
  count: number;
  next: number | null;
  previous: number | null;
  current_page: number;
  total_pages: number;
  results: T[];
};

export function pageInfo(count: number, page: number, pageSize: number) {
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  return {
    count,
    next: page < totalPages ? page + 1 : null,
    previous: page > 1 ? Math.min(page - 1, totalPages) : null,
    current_page: page,
    total_pages: totalPages,
  };
}

/** Spec section 5: a page change is ignored if it is the current page or outside 1..totalPages. */
export function isPageChangeAllowed(target: number, current: number, totalPages: number): boolean {
  return Number.isInteger(target) && target !== current && target >= 1 && target <= totalPages;
}
