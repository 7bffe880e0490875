import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@oja/contract';

const COLORS: Record<InvoiceStatus, string> = { pending: 'yellow', paid: 'teal', cancelled: 'gray' };

/** "Pending", "Paid" or "Cancelled": an invoice's status as the customer's pages show it. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
