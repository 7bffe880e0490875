import { Button, Fieldset, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Business, MESSAGES, type UpdateBusinessBody } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useUpdateBusiness } from './api';
import { LogoField } from './logo-field';

const BANK_HINT = 'Customers who owe see this account on receipts and WhatsApp reminders, to pay by transfer.';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** Edit Info: the name is sent only when it changed; the description and the shop's profile always. */
export function EditBusinessModal({
  business,
  opened,
  onClose,
}: {
  business: Business;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Info" centered>
      {opened && <EditBusinessForm business={business} onClose={onClose} />}
    </Modal>
  );
}

function EditBusinessForm({ business, onClose }: { business: Business; onClose(): void }) {
  const update = useUpdateBusiness(business.slug);
  const form = useForm({
    initialValues: {
      name: business.name,
      about: business.about,
      address: business.address ?? '',
      phone: business.phone ?? '',
      bank_name: business.bank_name ?? '',
      account_number: business.account_number ?? '',
      account_name: business.account_name ?? '',
      logo: undefined as string | null | undefined,
    },
    validate: validateBy(rules, (schemas) => schemas.businessInfoFormSchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateBusiness);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const { name, logo, ...always } = values;
      const body: UpdateBusinessBody = { id: business.id, ...always };
      if (logo !== undefined) body.logo = logo;
      if (name.trim() !== business.name) body.name = name;
      const answer = await update.mutateAsync(body);
      notify.success(answer.description || MESSAGES.business.updated);
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <TextInput label="Business Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea
          label="About"
          placeholder="What is this business about?"
          autosize
          minRows={3}
          {...form.getInputProps('about')}
        />
        <Fieldset legend="On receipts and invoices" variant="unstyled">
          <Stack gap="sm">
            <LogoField
              business={business}
              value={form.values.logo}
              error={form.errors.logo}
              onChange={(logo) => form.setFieldValue('logo', logo)}
            />
            <Textarea label="Shop address" autosize minRows={2} {...form.getInputProps('address')} />
            <TextInput label="Shop phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <Text size="sm" c="dimmed">
              {BANK_HINT}
            </Text>
            <TextInput label="Bank name" {...form.getInputProps('bank_name')} />
            <TextInput label="Account number" inputMode="numeric" {...form.getInputProps('account_number')} />
            <TextInput label="Account name" {...form.getInputProps('account_name')} />
          </Stack>
        </Fieldset>
        <FormFailure message={failure.message} />
        <Button type="submit" loading={update.isPending}>
          Update Business
        </Button>
      </Stack>
    </form>
  );
}
