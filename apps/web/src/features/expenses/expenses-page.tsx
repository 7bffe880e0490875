import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  can,
  EXPENSE_CATEGORIES,
  EXPENSE_MESSAGES,
  type Expense,
  formatMoney,
  lagosToday,
  MESSAGES,
} from '@oja/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { openConfirm } from '../../ui/confirm';
import { LazySelect } from '../../ui/lazy-select';
import { loadOnOpen } from '../../ui/load-on-open';
import { PagedList } from '../../ui/paged-list';
import { ResponsiveTable } from '../../ui/responsive-table';
import { RowActions } from '../../ui/row-actions';
import { StatCard } from '../../ui/stat-card';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { formatAmounts } from '../businesses/figures';
import { CustomPeriodFields } from '../reports/custom-period-fields';
import { CUSTOM_PERIOD_PARAMS, PERIOD_LABELS, PERIODS, periodOf } from '../reports/periods';
import { useCustomPeriod } from '../reports/use-custom-period';
import { useDeleteExpense, useExpenseCategories, useExpenses } from './api';
import { categoryLabel } from './category-label';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const AddCategoryModal = loadOnOpen(
  () => import('./add-category-modal').then((module) => module.AddCategoryModal),
  (props) => props.opened,
);
const AddExpenseModal = loadOnOpen(
  () => import('./add-expense-modal').then((module) => module.AddExpenseModal),
  (props) => props.opened,
);

const PERIOD_FILTER = ['all', ...PERIODS, 'custom'] as const;

/**
 * /business/{slug}/expenses and /{slug}/employee/expenses: the CEO sees every expense of the
 * business, anyone else their own (the server decides). Period, category and page live in the URL.
 */
export default function ExpensesPage() {
  return (
    <RequirePermission permission="expense.record">
      <Expenses />
    </RequirePermission>
  );
}

function Expenses() {
  const { business, role } = useBusinessContext();
  const categories = useExpenseCategories(business.id);
  const names = categories.data?.map((category) => category.name) ?? [...EXPENSE_CATEGORIES];
  const view = useListView({
    filters: { period: PERIOD_FILTER, category: ['all', ...names] as [string, ...string[]] },
    keep: CUSTOM_PERIOD_PARAMS,
  });
  const { period, category } = view.filters;
  const today = lagosToday();
  const [custom, changeCustom] = useCustomPeriod(today);
  const days = period === 'all' ? {} : period === 'custom' ? custom : periodOf(period, today);
  const expenses = useExpenses(business.id, {
    page: view.page,
    category: category === 'all' ? undefined : category,
    ...days,
  });
  useKeepPageInRange(view, expenses);
  const remove = useDeleteExpense(business.id);
  const [isAdding, setAdding] = useState(false);
  const [isAddingCategory, setAddingCategory] = useState(false);

  const askDelete = (expense: Expense) =>
    openConfirm({
      title: 'Delete expense',
      children: <Text size="sm">{EXPENSE_MESSAGES.deleteConfirm(formatMoney(expense.amount, expense.currency))}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(expense.id, {
          onSuccess: () => notify.success(EXPENSE_MESSAGES.deleted),
          onError: (error) => notify.error(errorMessage(error, MESSAGES.failed.deleteExpense)),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Expenses</Title>
        <Group gap="xs">
          {can(role, 'expense.categories') && (
            <Button variant="default" onClick={() => setAddingCategory(true)}>
              New category
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Expense
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {can(role, 'expense.review') ? `Every expense recorded in ${business.name}.` : 'The expenses you recorded.'}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <LazySelect
          label="Period"
          allowDeselect={false}
          data={PERIOD_FILTER.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          value={period}
          onChange={(value) => view.setFilter('period', value)}
        />
        <LazySelect
          label="Category"
          allowDeselect={false}
          data={[
            { value: 'all', label: 'All categories' },
            ...names.map((name) => ({ value: name, label: categoryLabel(name) })),
          ]}
          value={category}
          onChange={(value) => view.setFilter('category', value)}
        />
      </SimpleGrid>
      {period === 'custom' && <CustomPeriodFields period={custom} today={today} onChange={changeCustom} />}

      <PagedList
        view={view}
        list={expenses}
        failedFetch={MESSAGES.failed.fetchExpenses}
        empty={EXPENSE_MESSAGES.noExpenses}
        head={(page) => (
          <StatCard
            label="Total for the period"
            value={formatAmounts(page.totals)}
            hint={`${page.count} expense${page.count === 1 ? '' : 's'}`}
          />
        )}
      >
        {(page) => (
          <ResponsiveTable
            label="Expenses"
            minWidth={640}
            rows={page.results}
            rowKey={(expense) => expense.id}
            columns={[
              {
                header: 'Amount',
                kind: 'main',
                isNoWrap: true,
                cell: (expense) => (
                  <Text fw={600}>
                    {formatMoney(expense.amount, expense.currency)} · {categoryLabel(expense.category)}
                  </Text>
                ),
              },
              { header: 'Date', isNoWrap: true, cell: (expense) => formatDate(expense.date) },
              { header: 'Description', cell: (expense) => expense.description || '—' },
              {
                header: 'Recorded by',
                cell: (expense) => `${expense.created_by_name}, ${formatDateTime(expense.created_at)}`,
              },
              {
                header: 'Actions',
                isHeaderHidden: true,
                kind: 'actions',
                cell: (expense) => (
                  <RowActions
                    actions={[
                      {
                        label: 'Delete',
                        name: `Delete expense of ${formatMoney(expense.amount, expense.currency)} on ${formatDate(expense.date)}`,
                        icon: <IconTrash size={16} />,
                        color: 'red',
                        onClick: () => askDelete(expense),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </PagedList>
      <AddExpenseModal
        businessId={business.id}
        categories={categories.data ?? EXPENSE_CATEGORIES.map((name) => ({ name, is_custom: false }))}
        opened={isAdding}
        onClose={() => setAdding(false)}
      />
      <AddCategoryModal businessId={business.id} opened={isAddingCategory} onClose={() => setAddingCategory(false)} />
    </Stack>
  );
}
