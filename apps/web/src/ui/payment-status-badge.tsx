import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@oja/contract';

/**
 * Never cut to "PARTIAL P…": a badge's label may shrink to nothing in a narrow table column (Mantine's label
 * clips with an ellipsis), so the badge is as wide as its words and the column makes room for them.
 */
export const WHOLE = { whiteSpace: 'nowrap', minWidth: 'max-content' } as const;

const COLORS: Record<PaymentStatus, string> = { paid: 'teal', partial: 'yellow', not_paid: 'red' };

/** "Paid in Full", "Partial Payment" or "Not Paid". */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} style={WHOLE}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
