import { Anchor, Badge, Stack, Text, TextInput, Title } from '@mantine/core';
import { CUSTOMER_MESSAGES, type CustomerBookRow, formatMoney, SALES_SEARCH_MAX_LENGTH } from '@oja/contract';
import { IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { ResponsiveTable } from '../../ui/responsive-table';
import { THUMB_LINK } from '../../ui/thumb-link';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useCustomerBook } from './api';
import { customerPath, customersBase } from './paths';

const BOOK_LIST = { filters: {} } as const;

/**
 * /business/{slug}/customers and /{slug}/employee/customers: every customer, most owed first, with what they
 * bought and owe and how old the debt is. Search and page live in the URL; the server searches and pages.
 */
export default function CustomersPage() {
  return (
    <RequirePermission permission="customer.view">
      <CustomersBook />
    </RequirePermission>
  );
}

function CustomersBook() {
  const { business } = useBusinessContext();
  const base = customersBase(useLocation().pathname, business.slug);
  const view = useListView(BOOK_LIST);
  const book = useCustomerBook(business.id, { page: view.page, search: view.search || undefined });
  useKeepPageInRange(view, book);
  const money = (row: CustomerBookRow, amount: string) => formatMoney(amount, row.currency);

  return (
    <Stack gap="md">
      <Title order={2}>Customers</Title>
      <TextInput
        aria-label="Search customers"
        placeholder="Search by name or phone"
        leftSection={<IconSearch size={16} />}
        maxLength={SALES_SEARCH_MAX_LENGTH}
        size="md"
        {...view.searchBox}
      />
      {book.isPending && <PageLoader />}
      {book.isError && (
        <QueryError error={book.error} fallback={CUSTOMER_MESSAGES.failedFetch} onRetry={() => book.refetch()} />
      )}
      {book.data && (
        <>
          <Text size="sm" c="dimmed">
            {book.data.count} customer{book.data.count === 1 ? '' : 's'}, most owed first.
          </Text>
          {book.data.results.length === 0 ? (
            <Text c="dimmed" py="md">
              {view.search ? CUSTOMER_MESSAGES.noMatches : CUSTOMER_MESSAGES.noCustomers}
            </Text>
          ) : (
            <ResponsiveTable
              label="Customers"
              minWidth={720}
              rows={book.data.results}
              rowKey={(row) => `${row.customer_id ?? `name:${row.customer_name.toLowerCase()}`}:${row.currency}`}
              columns={[
                {
                  header: 'Customer',
                  kind: 'main',
                  cell: (row) => (
                    <Stack gap={0}>
                      <Anchor component={Link} to={customerPath(base, row)} fw={600} style={THUMB_LINK}>
                        {row.customer_name}
                      </Anchor>
                      {row.phone && (
                        <Text size="xs" c="dimmed">
                          {row.phone}
                        </Text>
                      )}
                    </Stack>
                  ),
                },
                {
                  header: 'Owes',
                  isNoWrap: true,
                  cell: (row) =>
                    row.owed === '0.00' ? (
                      <Text size="sm" c="dimmed">
                        Nothing
                      </Text>
                    ) : (
                      <Badge color="red" variant="light" size="lg">
                        {money(row, row.owed)}
                      </Badge>
                    ),
                },
                {
                  header: 'Since',
                  isNoWrap: true,
                  cell: (row) => (row.owing_since ? formatDate(row.owing_since) : '—'),
                },
                {
                  header: 'Over 60 days',
                  isNoWrap: true,
                  cell: (row) => (row.aging.over_60 === '0.00' ? '—' : money(row, row.aging.over_60)),
                },
                {
                  header: 'Bought',
                  isNoWrap: true,
                  cell: (row) =>
                    `${money(row, row.total_bought)} · ${row.sales_count} sale${row.sales_count === 1 ? '' : 's'}`,
                },
              ]}
            />
          )}
          <Pager page={view.page} totalPages={book.data.total_pages} onChange={view.setPage} />
        </>
      )}
    </Stack>
  );
}
