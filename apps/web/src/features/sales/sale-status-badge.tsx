import { Badge } from '@mantine/core';
import type { PaymentStatus, SaleStatus } from '@oja/contract';
import { PaymentStatusBadge, WHOLE } from '../../ui/payment-status-badge';

/** "Cancelled" for a cancelled sale, whatever was paid; otherwise its payment status. */
export function SaleStatusBadge({ sale }: { sale: { status: SaleStatus; payment_status: PaymentStatus } }) {
  if (sale.status === 'cancelled') {
    return (
      <Badge variant="filled" color="gray" style={WHOLE}>
        Cancelled
      </Badge>
    );
  }
  return <PaymentStatusBadge status={sale.payment_status} />;
}
