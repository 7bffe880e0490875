import { Badge } from '@mantine/core';
import { paymentRefundNote } from '@oja/contract';

/**
 * What cancels and returns gave back of a payment: "Refunded" when all of it, "Partly refunded: ₦300.00 of
 * ₦1,000.00" when a return gave back part, nothing when none. Its words wrap on a phone rather than run off.
 */
export function RefundBadge({
  payment,
  currency,
}: {
  payment: { amount: string; refunded_amount: string; is_refunded: boolean };
  currency: string;
}) {
  const note = paymentRefundNote(payment, currency);
  if (!note) return null;
  return (
    <Badge
      variant="light"
      color={payment.is_refunded ? 'gray' : 'yellow'}
      size="sm"
      tt="none"
      h="auto"
      styles={{ label: { whiteSpace: 'normal' } }}
    >
      {note}
    </Badge>
  );
}
