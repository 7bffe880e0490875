import * as z from 'zod';

export const pageQuerySchema = z.coerce.number<string | number>().int().min(1).max(1_000_000).default(1);

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

/** A page of T, as paginated() describes it. */
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginated>>, 'results'> & { results: T[] };

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

/** A page change is ignored if it is the current page or outside 1..totalPages. */
export function isPageChangeAllowed(target: number, current: number, totalPages: number): boolean {
  return Number.isInteger(target) && target !== current && target >= 1 && target <= totalPages;
}
