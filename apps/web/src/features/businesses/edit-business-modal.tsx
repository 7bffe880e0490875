import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Business, MESSAGES, type UpdateBusinessBody } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useUpdateBusiness } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** Edit Info: the name is sent only when it changed, the description always. */
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
    initialValues: { name: business.name, about: business.about },
    validate: validateBy(rules, (schemas) => schemas.businessInfoFormSchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateBusiness);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const body: UpdateBusinessBody = { id: business.id, about: values.about };
      if (values.name.trim() !== business.name) body.name = values.name;
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
        <FormFailure message={failure.message} />
        <Button type="submit" loading={update.isPending}>
          Update Business
        </Button>
      </Stack>
    </form>
  );
}
