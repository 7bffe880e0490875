import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListFilters } from './list-view';
import { PageLoader } from './page-loader';
import { Pager } from './pager';
import { QueryError } from './query-error';
import type { ListView } from './use-list-view';

/** A list screen's search box: the text as typed, which reaches the URL when typing settles (use-list-view.ts). */
export function ListSearch({
  view,
  label,
  placeholder,
  maxLength,
}: {
  view: Pick<ListView<ListFilters>, 'searchBox'>;
  label: string;
  placeholder: string;
  maxLength: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      maxLength={maxLength}
      size="md"
      {...view.searchBox}
    />
  );
}

type Page = { results: unknown[]; total_pages: number };

/**
 * The body of a paged list screen, one way for every list: a loader until the first page answers, a failure with a
 * way to try again, and once a page is there: what stands above the rows (`head`), the rows or the words for none,
 * and the pager.
 */
export function PagedList<P extends Page>({
  view,
  list,
  failedFetch,
  empty,
  head,
  children,
}: {
  view: Pick<ListView<ListFilters>, 'page' | 'setPage'>;
  list: { data?: P; isPending: boolean; isError: boolean; error: unknown; refetch(): unknown };
  /** What the failure says when the server gave no message of its own. */
  failedFetch: string;
  /** The words shown when the page has no rows. */
  empty: string;
  head?(page: P): ReactNode;
  children(page: P): ReactNode;
}) {
  const page = list.data;
  return (
    <>
      {list.isPending && <PageLoader />}
      {list.isError && <QueryError error={list.error} fallback={failedFetch} onRetry={() => list.refetch()} />}
      {page && (
        <>
          {head?.(page)}
          {page.results.length === 0 ? (
            <Text c="dimmed" py="md">
              {empty}
            </Text>
          ) : (
            children(page)
          )}
          <Pager page={view.page} totalPages={page.total_pages} onChange={view.setPage} />
        </>
      )}
    </>
  );
}
