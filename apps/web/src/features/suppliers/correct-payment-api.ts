import { type EndpointInput, SUPPLIER_ENDPOINTS as suppliers } from '@oja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { activityKeys, dayCloseKeys, supplierKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

// Apart from api.ts, which every supplier page downloads: only the owner's Correct dialog sends these.
/**
 * The owner's correction of a payment to a supplier, or its deletion with a reason: what is owed (the suppliers),
 * the day's expected amounts and the activity log all move. Sent again after a lost answer, done once.
 */
export function useCorrectSupplierPayment(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  const changed = () => {
    keys.succeeded();
    return Promise.all(
      [supplierKeys.all, dayCloseKeys.all, activityKeys.all].map((key) =>
        client.invalidateQueries({ queryKey: key(businessId) }),
      ),
    );
  };
  const correct = useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof suppliers.updateSupplierPayment>, 'business_id'>) =>
      data(
        call(suppliers.updateSupplierPayment, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
      ),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof suppliers.deleteSupplierPayment>, 'business_id'>) =>
      data(
        call(suppliers.deleteSupplierPayment, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
      ),
    onSuccess: changed,
  });
  return { correct, remove };
}
