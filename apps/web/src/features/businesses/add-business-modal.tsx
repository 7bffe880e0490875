import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, MODAL_AUTO_CLOSE_MS } from '@oja/contract';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useCreateBusiness } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** The dashboard's Add Business dialog: name required, about optional; closes itself 1.5 s after success. */
export function AddBusinessModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Business" centered>
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened && <AddBusinessForm onClose={onClose} />}
    </Modal>
  );
}

function AddBusinessForm({ onClose }: { onClose(): void }) {
  const create = useCreateBusiness();
  const [isDone, setDone] = useState(false);
  const form = useForm({
    initialValues: { name: '', about: '' },
    validate: validateBy(rules, (schemas) => schemas.createBusinessBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.createBusiness);

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(onClose, MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [isDone, onClose]);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const answer = await create.mutateAsync({ name: values.name, about: values.about });
      notify.success(answer.description || MESSAGES.business.created);
      setDone(true);
    }),
  );

  if (isDone) return <Alert color="teal" title={MESSAGES.business.createdShort} />;
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <TextInput label="Business Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea label="About" autosize minRows={2} {...form.getInputProps('about')} />
        <FormFailure message={failure.message} />
        <Button type="submit" loading={create.isPending}>
          Create Business
        </Button>
      </Stack>
    </form>
  );
}
