import { Alert, Button, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CUSTOMER_MESSAGES,
  type CustomerBookRow,
  type CustomerIdentity,
  formatMoney,
  SEARCH_DEBOUNCE_MS,
} from '@oja/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { Modal } from '../../ui/modal';
import { useCustomerBook, useMergeCustomers } from './api';

const isSame = (a: Pick<CustomerIdentity, 'customer_id' | 'customer_name'>, b: typeof a) =>
  a.customer_id !== null || b.customer_id !== null
    ? a.customer_id === b.customer_id
    : a.customer_name.trim().toLowerCase() === b.customer_name.trim().toLowerCase();

/**
 * Merge a duplicate (CEO only): find the other customer by name or phone, check what will happen, merge. The
 * duplicate's sales and debts become this customer's; a registered customer is never merged into a typed name
 * (the server refuses it too), so only names are offered when this customer is one.
 */
export function MergeModal({
  opened,
  businessId,
  customer,
  onClose,
  onMerged,
}: {
  opened: boolean;
  businessId: number;
  customer: CustomerIdentity;
  onClose(): void;
  onMerged(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Merge into ${customer.customer_name}`} centered>
      {opened && <MergeForm businessId={businessId} customer={customer} onClose={onClose} onMerged={onMerged} />}
    </Modal>
  );
}

function MergeForm({
  businessId,
  customer,
  onClose,
  onMerged,
}: {
  businessId: number;
  customer: CustomerIdentity;
  onClose(): void;
  onMerged(): void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<CustomerBookRow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const candidates = useCustomerBook(businessId, { page: 1, search: debounced || undefined }, debounced !== '');
  const merge = useMergeCustomers(businessId);
  const isNameKept = customer.customer_id === null;
  const offered = (candidates.data?.results ?? []).filter(
    (row) => !isSame(row, customer) && !(isNameKept && row.customer_id !== null),
  );

  const submit = async () => {
    if (!picked) return;
    setFailure(null);
    try {
      await merge.mutateAsync({
        ...(customer.customer_id !== null
          ? { customer_id: customer.customer_id }
          : { customer_name: customer.customer_name }),
        ...(picked.customer_id !== null
          ? { merge_customer_id: picked.customer_id }
          : { merge_customer_name: picked.customer_name }),
      });
      notify.success(CUSTOMER_MESSAGES.merged);
      onMerged();
    } catch (error) {
      // Kept in the dialog, with the choice, so a retry is one tap.
      setFailure(errorMessage(error, CUSTOMER_MESSAGES.failedMerge));
    }
  };

  if (picked) {
    return (
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm">
          Every sale of <b>{picked.customer_name}</b> ({picked.sales_count} sale{picked.sales_count === 1 ? '' : 's'},{' '}
          owing {formatMoney(picked.owed, picked.currency)}) becomes <b>{customer.customer_name}</b>’s, with what is
          owed on it. This cannot be undone here.
        </Text>
        <Button size="md" fullWidth loading={merge.isPending} onClick={submit}>
          Merge
        </Button>
        <Button variant="default" size="md" fullWidth onClick={() => setPicked(null)}>
          Choose another
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <TextInput
        label="The duplicate"
        placeholder="Search by name or phone"
        leftSection={<IconSearch size={16} />}
        size="md"
        data-autofocus
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {isNameKept && (
        <Text size="xs" c="dimmed">
          Only names typed on sales can be merged into a name. To merge with a registered customer, open them and merge
          this name into them.
        </Text>
      )}
      {debounced !== '' && candidates.data && offered.length === 0 && (
        <Text size="sm" c="dimmed">
          {CUSTOMER_MESSAGES.noMatches}
        </Text>
      )}
      <Stack gap={4} role="list" aria-label="Customers found">
        {offered.map((row) => (
          <UnstyledButton
            key={`${row.customer_id ?? row.customer_name}:${row.currency}`}
            role="listitem"
            onClick={() => setPicked(row)}
            mih={44}
            px="sm"
            py={6}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
            aria-label={`Choose ${row.customer_name}`}
          >
            <Text fw={600} size="sm">
              {row.customer_name}
            </Text>
            <Text size="xs" c="dimmed">
              {[row.phone, `${row.sales_count} sales`, `owes ${formatMoney(row.owed, row.currency)}`]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
      <Button variant="default" size="md" fullWidth onClick={onClose}>
        Cancel
      </Button>
    </Stack>
  );
}
