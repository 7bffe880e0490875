import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@oja/contract';

const COLORS: Record<PaymentStatus, string> = { paid: 'teal', partial: 'yellow', not_paid: 'red' };

/** "Paid in Full", "Partial Payment" or "Not Paid". */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
