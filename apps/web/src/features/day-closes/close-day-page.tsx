import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  can,
  DAY_CLOSE_MESSAGES,
  type DayClose,
  type DayCloseExpected,
  type DayCloseExpectedLine,
  type DayCloseScope,
  dayCloseLineLabel,
  differenceWords,
  expectedWords,
  formatMoney,
} from '@oja/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { openConfirm } from '../../ui/confirm';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { moneyInputProps } from '../../ui/money-input';
import { PageLoader } from '../../ui/page-loader';
import { preloadable } from '../../ui/preloadable';
import { QueryError } from '../../ui/query-error';
import { onDemand } from '../../ui/validate-on-demand';
import { useCreateDayClose, useDayCloseExpected } from './api';
import { History } from './close-history';
import { countDifferenceOf, mustCount } from './close-lines';
import { DayCloseCard } from './day-close-card';

const rules = onDemand(() => import('./schemas'));

/**
 * /business/{slug}/close-day and /{slug}/employee/close-day: what should be there per payment method since the last
 * close, the counted amounts typed in, the difference as typed, a note, and the history (ADR 0022). The CEO closes
 * their own takings or the whole shop and reads every close; anyone else closes and reads their own.
 */
export default function CloseDayPage() {
  return (
    <RequirePermission permission="day.close">
      <CloseDay />
    </RequirePermission>
  );
}

const OutboxPending = lazy(() => import('./outbox-pending'));
// The CEO's history with its member filter: a clerk's page (the employee area's) never loads it.
const CeoHistory = lazy(() => import('./ceo-history'));
// The 80 mm print of a close, downloaded when one is first printed: the page's first load does without it.
const receipt = preloadable(() => import('./day-close-receipt').then((module) => module.DayCloseReceipt));

function CloseDay() {
  const { business, role } = useBusinessContext();
  const isCeo = role === 'ceo';
  const [scope, setScope] = useState<DayCloseScope>('own');
  const [pending, setPending] = useState(0);
  const [printing, setPrinting] = useState<{ close: DayClose; at: number } | null>(null);
  // Printed once drawn: the receipt's code is there before the close to print is set (the effect below).
  const print = (close: DayClose) => {
    void receipt.preload().then(() => setPrinting({ close, at: Date.now() }));
  };
  const Receipt = receipt.loaded();
  const [closed, setClosed] = useState<DayClose | null>(null);
  const expected = useDayCloseExpected(business.id, scope);

  // Only the close last asked for is on the page to print (window.print() prints every receipt there), and it
  // stays: a phone's print may read the page after window.print() has returned.
  useEffect(() => {
    if (printing) window.print();
  }, [printing]);

  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>Close the day</Title>
      {can(role, 'sale.confirm') && (
        <Suspense fallback={null}>
          <OutboxPending onCount={setPending} />
        </Suspense>
      )}
      {isCeo && (
        <SegmentedControl
          fullWidth
          value={scope}
          onChange={(value) => {
            setScope(value as DayCloseScope);
            setClosed(null);
          }}
          data={[
            { value: 'own', label: 'My takings' },
            { value: 'shop', label: 'Whole shop' },
          ]}
        />
      )}
      {pending > 0 && (
        <Alert color="orange" title="Sales not sent yet">
          {DAY_CLOSE_MESSAGES.pendingStated(pending)} Send them first (the "to send" button at the top), or close now
          and the close will say so.
        </Alert>
      )}
      {closed && (
        <Stack gap="xs">
          <Alert color="teal" title={DAY_CLOSE_MESSAGES.created}>
            Share it or print it now; it stays in the history below.
          </Alert>
          <DayCloseCard close={closed} business={business} onPrint={print} />
        </Stack>
      )}
      {expected.isPending && <PageLoader />}
      {expected.isError && <QueryError error={expected.error} onRetry={() => expected.refetch()} />}
      {expected.data && (
        <CloseForm
          key={`${scope} ${expected.data.period_start}`}
          expected={expected.data}
          pending={pending}
          onClosed={setClosed}
        />
      )}
      <Title order={3} mt="md">
        {isCeo ? 'Every close' : 'My closes'}
      </Title>
      {isCeo ? (
        <Suspense fallback={<PageLoader />}>
          <CeoHistory onPrint={print} />
        </Suspense>
      ) : (
        <History onPrint={print} />
      )}
      {printing && Receipt && <Receipt close={printing.close} business={business} />}
    </Stack>
  );
}

type CloseValues = { counted: Record<string, string>; note: string };

const fieldOf = (line: { method: string; currency: string }) => `${line.method}_${line.currency}`;

function CloseForm({
  expected,
  pending,
  onClosed,
}: {
  expected: DayCloseExpected;
  pending: number;
  onClosed(close: DayClose): void;
}) {
  const { business } = useBusinessContext();
  const create = useCreateDayClose(business.id);
  const isOnlyNaira = expected.lines.every((line) => line.currency === 'NGN');
  const label = (line: DayCloseExpectedLine) => dayCloseLineLabel(line.method, line.currency, isOnlyNaira);
  const form = useForm<CloseValues>({
    initialValues: { counted: Object.fromEntries(expected.lines.map((line) => [fieldOf(line), ''])), note: '' },
  });
  const failure = useFormFailure(form, DAY_CLOSE_MESSAGES.failed.close);
  const differences = expected.lines.map((line) => countDifferenceOf(line, form.values.counted[fieldOf(line)] ?? ''));
  const isOff = differences.some((difference) => difference !== null && difference !== '0.00');

  const send = failure.run(async (values: CloseValues) => {
    const body = (await rules.load()).createDayCloseBodySchema.parse({
      business_id: business.id,
      scope: expected.scope,
      period_end: expected.period_end,
      counted: expected.lines
        .filter((line) => (values.counted[fieldOf(line)] ?? '').trim() !== '')
        .map((line) => ({
          method: line.method,
          currency: line.currency,
          amount: (values.counted[fieldOf(line)] ?? '').trim(),
        })),
      note: values.note,
      pending_outbox: pending,
    });
    const { business_id: _, ...rest } = body;
    const answer = await create.mutateAsync(rest);
    notify.success(DAY_CLOSE_MESSAGES.created);
    onClosed(answer.close);
  });

  const submit = form.onSubmit((values) => {
    // Checked here first, with the words the server would use: nothing typed is lost on the way.
    const errors: Record<string, string> = {};
    expected.lines.forEach((line, index) => {
      const typed = (values.counted[fieldOf(line)] ?? '').trim();
      if (typed === '' && mustCount(line))
        errors[`counted.${fieldOf(line)}`] = DAY_CLOSE_MESSAGES.countedMissing(label(line));
      else if (typed !== '' && differences[index] === null)
        errors[`counted.${fieldOf(line)}`] = DAY_CLOSE_MESSAGES.countedInvalid;
    });
    if (isOff && values.note.trim() === '') errors.note = DAY_CLOSE_MESSAGES.noteRequired;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const summary = expected.lines
      .map((line, index) => {
        const difference = differences[index] ?? null;
        return difference === null ? null : `${label(line)}: ${differenceWords(difference, line.currency)}`;
      })
      .filter((text) => text !== null);
    openConfirm({
      title: 'Close the day?',
      children: (
        <Stack gap={4}>
          {summary.map((text) => (
            <Text key={text} size="sm">
              {text}
            </Text>
          ))}
          {pending > 0 && (
            <Text size="sm" c="orange">
              {DAY_CLOSE_MESSAGES.pendingStated(pending)}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Yes, close the day', cancel: 'Back' },
      onConfirm: () => send(values),
    });
  });

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack gap="sm">
        <FormFailure message={failure.message} />
        <Text size="sm" c="dimmed">
          Since {formatDateTime(expected.period_start)}
        </Text>
        {expected.lines.map((line, index) => {
          const money = (amount: string) => formatMoney(amount, line.currency);
          const difference = differences[index] ?? null;
          return (
            <Card key={fieldOf(line)} withBorder radius="md" padding="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{label(line)}</Text>
                  <Text fw={600} data-testid={`expected-${line.method}`}>
                    {expectedWords(line.expected, line.currency)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  In {money(line.received)} · refunded {money(line.refunded)} · spent {money(line.spent)}
                </Text>
                <TextInput
                  label={`${label(line)} counted`}
                  description={line.paid_out === '0.00' ? undefined : DAY_CLOSE_MESSAGES.paidOutHint(label(line))}
                  size="md"
                  {...moneyInputProps(form.getInputProps(`counted.${fieldOf(line)}`), { normalizeOnBlur: true })}
                />
                {difference !== null && (
                  <Text
                    size="sm"
                    fw={600}
                    c={difference.startsWith('-') ? 'red' : difference === '0.00' ? 'teal' : 'orange'}
                  >
                    {differenceWords(difference, line.currency)}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
        <Textarea
          label="Note"
          description={isOff ? 'Say why the count differs.' : undefined}
          autosize
          minRows={2}
          {...form.getInputProps('note')}
        />
        <Button type="submit" size="md" mih={48} loading={create.isPending}>
          Close the day
        </Button>
      </Stack>
    </form>
  );
}
