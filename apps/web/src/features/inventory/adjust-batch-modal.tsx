import { ActionIcon, Button, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADJUSTMENT_REASONS,
  type AdjustBatchValues,
  type AdjustmentReason,
  type Batch,
  MAX_BATCH_QUANTITY,
  STOCK_MESSAGES,
  STOCK_MOVEMENT_REASON_LABELS,
} from '@oja/contract';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { QuantityInput } from '../../ui/quantity-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { useAdjustBatch } from './detail-api';
import { isFractionOfPieces, quantityAfter } from './product-detail-status';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** The contract's rules, and a removal the batch cannot cover said of the batch before anything is sent. */
const validateFor = (batch: Batch, isWeighed: boolean) =>
  validateWith(rules, (schemas, values: AdjustFormValues) => {
    const errors = schemaResolver(schemas.adjustBatchFormSchema, { sync: true })(values);
    if (!errors.delta && isFractionOfPieces(values.delta, isWeighed))
      return { ...errors, delta: STOCK_MESSAGES.wholeUnits };
    const after = quantityAfter(batch.quantity, values.delta, isWeighed);
    return after !== null && after < 0 && !errors.delta
      ? { ...errors, delta: STOCK_MESSAGES.batchHoldsOnly(batch.quantity) }
      : errors;
  });

const REASON_CHOICES = ADJUSTMENT_REASONS.map((value) => ({ value, label: STOCK_MOVEMENT_REASON_LABELS[value] }));

/** The form as its inputs hold it: a number input holds text while it is not a number yet ('', '-'). */
type AdjustFormValues = Omit<AdjustBatchValues, 'delta'> & { delta: number | string };

/** Adjust one batch: a recount either way, or damage and expired stock written off, each with its reason. */
export function AdjustBatchModal({
  businessId,
  productId,
  isWeighed,
  batch,
  opened,
  onClose,
}: {
  businessId: number;
  productId: number;
  /** Sold by weight or volume: the change takes up to 3 decimals (ADR 0031). */
  isWeighed: boolean;
  /** The batch being adjusted; kept after closing so the title stays while the dialog fades out. */
  batch: Batch | null;
  opened: boolean;
  onClose(): void;
}) {
  const isOpen = opened && batch !== null;
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={batch ? `Adjust batch ${batch.batch_number}` : undefined}
      centered
      // A long batch number breaks rather than run off a phone's screen.
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {isOpen && (
        <AdjustBatchForm
          key={batch.id}
          businessId={businessId}
          productId={productId}
          isWeighed={isWeighed}
          batch={batch}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AdjustBatchForm({
  businessId,
  productId,
  isWeighed,
  batch,
  onClose,
}: {
  businessId: number;
  productId: number;
  isWeighed: boolean;
  batch: Batch;
  onClose(): void;
}) {
  const adjust = useAdjustBatch(businessId, productId);
  const form = useForm<AdjustFormValues>({
    initialValues: { reason: 'count_correction', delta: '', note: '' },
    validate: validateFor(batch, isWeighed),
    // A refusal is about what was typed: once it changes, the old message no longer holds.
    onValuesChange: () => failure.clear(),
  });
  const failure = useFormFailure(form, STOCK_MESSAGES.failed.adjust);
  const after = quantityAfter(batch.quantity, form.values.delta, isWeighed);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await adjust.mutateAsync({ ...(await rules.load()).adjustBatchFormSchema.parse(values), batch_id: batch.id });
      notify.success(STOCK_MESSAGES.batchAdjusted);
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm" c="dimmed">
          Holds {batch.quantity}
          {batch.expiration_date ? ` · expires ${formatDate(batch.expiration_date)}` : ''}
          {after !== null && after >= 0 ? ` · after this: ${after}` : ''}
        </Text>
        <Select
          label="Reason"
          required
          allowDeselect={false}
          data={REASON_CHOICES}
          {...form.getInputProps('reason')}
          onChange={(value) => value && form.setFieldValue('reason', value as AdjustmentReason)}
        />
        <QuantityInput
          label="Quantity change"
          description={`A negative number removes units (${isWeighed ? '−0.25' : '−2'}; ± changes the sign), a positive one adds them.`}
          required
          min={-MAX_BATCH_QUANTITY}
          max={MAX_BATCH_QUANTITY}
          isWeighed={isWeighed}
          // Decimals are kept as typed (or pasted) and refused with a message: "1.5" must never save 1 or 15.
          data-autofocus
          {...form.getInputProps('delta')}
          // A phone's number keypad may have no minus key (an iPhone's has none): the sign is a tap here.
          leftSectionPointerEvents="all"
          leftSectionWidth={44}
          leftSection={
            <ActionIcon
              size={40}
              variant="light"
              aria-label="Change the sign: remove or add"
              onClick={() => {
                const delta = form.values.delta;
                // Before a number is typed the sign waits in the box, as a typed minus does.
                if (typeof delta === 'number') form.setFieldValue('delta', -delta);
                else form.setFieldValue('delta', delta.startsWith('-') ? delta.slice(1) : `-${delta}`);
              }}
            >
              ±
            </ActionIcon>
          }
        />
        <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
        <Button type="submit" loading={adjust.isPending}>
          Save adjustment
        </Button>
      </Stack>
    </form>
  );
}
