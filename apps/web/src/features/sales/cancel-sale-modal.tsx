import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CancelSaleFormValues, formatMoney, SALES_MESSAGES, type SaleDetail } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useCancelSale } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));
const validateForm = validateBy(rules, (schemas) => schemas.cancelSaleFormSchema);

/** Cancel Sale: a reason, and what it undoes (stock back, payments refunded). Full width on a phone. */
export function CancelSaleModal({
  businessId,
  sale,
  opened,
  onClose,
}: {
  businessId: number;
  sale: SaleDetail;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Cancel sale #${sale.id}`} centered>
      {opened && <CancelSaleForm businessId={businessId} sale={sale} onClose={onClose} />}
    </Modal>
  );
}

function CancelSaleForm({ businessId, sale, onClose }: { businessId: number; sale: SaleDetail; onClose(): void }) {
  const cancel = useCancelSale(businessId);
  const form = useForm<CancelSaleFormValues>({ initialValues: { reason: '' }, validate: validateForm });
  const failure = useFormFailure(form, SALES_MESSAGES.failedCancelSale);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      // What this page showed as paid: a payment recorded meanwhile makes the server refuse (409).
      await cancel.mutateAsync({ ...values, id: sale.id, refund_amount: sale.amount_paid });
      notify.success(SALES_MESSAGES.saleCancelled);
      onClose();
    }),
  );
  const refund = formatMoney(sale.amount_paid, sale.currency);
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm">
          Every item goes back to the batch it came from
          {sale.amount_paid === '0.00' ? '.' : `, and ${refund} paid is refunded to the customer.`} The sale stays in
          the history as cancelled.
        </Text>
        <Textarea label="Reason" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
        <Button type="submit" color="red" size="md" fullWidth loading={cancel.isPending}>
          Cancel sale
        </Button>
        <Button variant="default" size="md" fullWidth onClick={onClose}>
          Keep the sale
        </Button>
      </Stack>
    </form>
  );
}
