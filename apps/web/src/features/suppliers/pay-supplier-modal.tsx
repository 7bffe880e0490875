import { Button, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaySupplierValues,
  SUPPLIER_MESSAGES,
  type Supplier,
} from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { usePaySupplier } from './api';

const rules = onDemand(() => import('./schemas'));
const validate = validateBy(rules, (schemas) => schemas.paySupplierFormSchema);

/** Pay a supplier, at most what is owed them (offered as the amount); a cash payment leaves the drawer. */
export function PaySupplierModal({
  businessId,
  supplier,
  opened,
  onClose,
}: {
  businessId: number;
  supplier: Supplier;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Pay ${supplier.name}`} centered>
      {opened && <PayForm businessId={businessId} supplier={supplier} onClose={onClose} />}
    </Modal>
  );
}

function PayForm({ businessId, supplier, onClose }: { businessId: number; supplier: Supplier; onClose(): void }) {
  const pay = usePaySupplier(businessId);
  const form = useForm<PaySupplierValues>({
    initialValues: { amount: supplier.owed, method: 'cash', note: '' },
    validate,
  });
  const failure = useFormFailure(form, SUPPLIER_MESSAGES.failedPay);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      const body = (await rules.load()).paySupplierFormSchema.parse(values);
      await pay.mutateAsync({ ...body, supplier_id: supplier.id });
      notify.success(SUPPLIER_MESSAGES.paid);
      onClose();
    }),
  );
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm" c="dimmed">
          Owed now: {formatMoney(supplier.owed)}
        </Text>
        <TextInput
          label="Amount"
          required
          data-autofocus
          {...moneyInputProps(form.getInputProps('amount'), { normalizeOnBlur: true })}
        />
        {/* A cash payment comes out of the drawer that Close the day counts. */}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="supplier-paid-by">
            Paid by
          </Text>
          <SegmentedControl
            aria-labelledby="supplier-paid-by"
            fullWidth
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            {...form.getInputProps('method')}
          />
        </Stack>
        <Textarea label="Note" autosize minRows={1} {...form.getInputProps('note')} />
        <Button type="submit" loading={pay.isPending}>
          Pay
        </Button>
      </Stack>
    </form>
  );
}
