import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COUNTER_MESSAGES, COUNTER_REVIEW_MESSAGES } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { type SettleKind, useSettle } from './review-api';

const rules = onDemand(() => import('./schemas'));

export type SettleTarget = { kind: SettleKind; id: number; title: string; detail: string };

/** Settling a shortfall or a price flag: the owner says how, in words kept with it. */
export function SettleModal({
  businessId,
  target,
  onClose,
}: {
  businessId: number;
  target: SettleTarget | null;
  onClose(): void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.title ?? ''} centered>
      {target && <SettleForm businessId={businessId} target={target} onClose={onClose} />}
    </Modal>
  );
}

function SettleForm({ businessId, target, onClose }: { businessId: number; target: SettleTarget; onClose(): void }) {
  const settle = useSettle(businessId, target.kind);
  const form = useForm({
    initialValues: { note: '' },
    validate: validateWith(rules, ({ settleBodySchema }, { note }: { note: string }) => {
      const message = settleBodySchema.shape.note.safeParse(note).error?.issues[0]?.message;
      return message ? { note: message } : {};
    }),
  });
  const failure = useFormFailure(form, COUNTER_REVIEW_MESSAGES.failed.settle);
  const submit = form.onSubmit(
    failure.run(async ({ note }) => {
      await settle.mutateAsync({ id: target.id, note: note.trim() });
      notify.success(target.kind === 'shortfall' ? COUNTER_MESSAGES.shortfallSettled : COUNTER_MESSAGES.flagSettled);
      onClose();
    }),
  );
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <Text size="sm">{target.detail}</Text>
        <FormFailure message={failure.message} />
        <Textarea
          label="How was it settled?"
          description={COUNTER_REVIEW_MESSAGES.settleHelp}
          required
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('note')}
        />
        <Button type="submit" mih={44} loading={settle.isPending}>
          Settle
        </Button>
      </Stack>
    </form>
  );
}
