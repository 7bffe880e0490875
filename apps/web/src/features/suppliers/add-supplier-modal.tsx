import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SUPPLIER_MESSAGES, type Supplier, type SupplierFormValues } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useCreateSupplier } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));
const validate = validateBy(rules, (schemas) => schemas.supplierFormSchema);

/** Add supplier: a name (one per shop, whatever its case), a phone to call them on, a note. */
export function AddSupplierModal({
  businessId,
  opened,
  initialName = '',
  onClose,
  onAdded,
}: {
  businessId: number;
  opened: boolean;
  initialName?: string;
  onClose(): void;
  onAdded(supplier: Supplier): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add supplier" centered>
      {opened && <AddSupplierForm businessId={businessId} initialName={initialName} onAdded={onAdded} />}
    </Modal>
  );
}

function AddSupplierForm({
  businessId,
  initialName,
  onAdded,
}: {
  businessId: number;
  initialName: string;
  onAdded(supplier: Supplier): void;
}) {
  const create = useCreateSupplier(businessId);
  const form = useForm<SupplierFormValues & { phone: string }>({
    initialValues: { name: initialName, phone: '', note: '' },
    validate,
  });
  const failure = useFormFailure(form, SUPPLIER_MESSAGES.failedCreate);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      const supplier = await create.mutateAsync((await rules.load()).supplierFormSchema.parse(values));
      notify.success(SUPPLIER_MESSAGES.created);
      onAdded(supplier);
    }),
  );
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Phone" type="tel" inputMode="tel" {...form.getInputProps('phone')} />
        <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
        <Button type="submit" loading={create.isPending}>
          Add supplier
        </Button>
      </Stack>
    </form>
  );
}
