import { type EndpointInput, EXPENSE_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, expenseKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const expenses = EXPENSE_ENDPOINTS;

export type ExpenseFilters = Omit<EndpointInput<typeof expenses.listExpenses>, 'business_id'>;

export function useExpenses(businessId: number, filters: ExpenseFilters) {
  return useQuery({
    queryKey: expenseKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(expenses.listExpenses, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useExpenseCategories(businessId: number) {
  return useQuery({
    queryKey: expenseKeys.categories(businessId),
    queryFn: ({ signal }) =>
      data(call(expenses.listExpenseCategories, { business_id: businessId }, { signal })).then(
        (answer) => answer.results,
      ),
  });
}

/** An expense changes the lists and the report's figures (not the products, sales or team). */
function useInvalidateExpenses(businessId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: expenseKeys.all(businessId) }),
      client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
    ]);
}

/** An expense: sent again after a lost answer, it is counted once (lib/request-keys.ts). */
export function useCreateExpense(businessId: number) {
  const invalidate = useInvalidateExpenses(businessId);
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof expenses.createExpense>, 'business_id'>) =>
      call(expenses.createExpense, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
    onSuccess: () => {
      keys.succeeded();
      return invalidate();
    },
  });
}

export function useDeleteExpense(businessId: number) {
  const invalidate = useInvalidateExpenses(businessId);
  return useMutation({
    mutationFn: (id: number) => call(expenses.deleteExpense, { id, business_id: businessId }),
    onSuccess: invalidate,
  });
}

export function useCreateExpenseCategory(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(expenses.createExpenseCategory, { business_id: businessId, name }),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.categories(businessId) }),
  });
}
