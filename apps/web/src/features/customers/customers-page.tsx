import { Stack, Text, Title } from '@mantine/core';
import { CUSTOMER_MESSAGES, type CustomerBookRow, formatMoney, SALES_SEARCH_MAX_LENGTH } from '@oja/contract';
import { useLocation } from 'react-router';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { ListSearch, PagedList } from '../../ui/paged-list';
import { NameAndPhone, OwedBadge } from '../../ui/party-cells';
import { ResponsiveTable } from '../../ui/responsive-table';
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
      <ListSearch
        view={view}
        label="Search customers"
        placeholder="Search by name or phone"
        maxLength={SALES_SEARCH_MAX_LENGTH}
      />
      <PagedList
        view={view}
        list={book}
        failedFetch={CUSTOMER_MESSAGES.failedFetch}
        empty={view.search ? CUSTOMER_MESSAGES.noMatches : CUSTOMER_MESSAGES.noCustomers}
        head={(page) => (
          <Text size="sm" c="dimmed">
            {page.count} customer{page.count === 1 ? '' : 's'}, most owed first.
          </Text>
        )}
      >
        {(page) => (
          <ResponsiveTable
            label="Customers"
            minWidth={720}
            rows={page.results}
            rowKey={(row) => `${row.customer_id ?? `name:${row.customer_name.toLowerCase()}`}:${row.currency}`}
            columns={[
              {
                header: 'Customer',
                kind: 'main',
                cell: (row) => <NameAndPhone to={customerPath(base, row)} name={row.customer_name} phone={row.phone} />,
              },
              {
                header: 'Owes',
                isNoWrap: true,
                cell: (row) => <OwedBadge owed={row.owed} currency={row.currency} color="red" />,
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
      </PagedList>
    </Stack>
  );
}
