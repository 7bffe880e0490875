import { Button, Group } from '@mantine/core';
import { isPageChangeAllowed } from '@oja/contract';

/**
 * Previous, numbered pages, Next: shown only when there is more than one page.
 * A change to the current page or outside 1..total is ignored.
 */
export function Pager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange(page: number): void;
}) {
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    if (isPageChangeAllowed(target, page, totalPages)) onChange(target);
  };
  // Small type, but each a thumb's target (30 px high at size xs).
  const thumb = { mih: 40, miw: 40 } as const;
  return (
    <Group justify="center" gap={4} my="md" wrap="wrap" aria-label="Pagination">
      <Button size="xs" {...thumb} variant="default" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      {pageNumbers(page, totalPages).map((item, index) =>
        item === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`}>…</span>
        ) : (
          <Button
            key={item}
            size="xs"
            {...thumb}
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button size="xs" {...thumb} variant="default" disabled={page >= totalPages} onClick={() => go(page + 1)}>
        Next
      </Button>
    </Group>
  );
}

/** 1 … 4 5 6 … 20: the first, the last, and the neighbours of the current page. */
export function pageNumbers(page: number, totalPages: number): (number | null)[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of sorted) {
    const last = result.at(-1);
    if (typeof last === 'number' && n - last > 1) result.push(null);
    result.push(n);
  }
  return result;
}
