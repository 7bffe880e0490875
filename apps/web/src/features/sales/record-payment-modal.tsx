import type { SaleDetail } from '@oja/contract';
import { Modal } from '../../ui/modal';
import { PaymentForm } from '../counter/payment-form';
import { usePaymentRecorded } from './api';

/** Record Payment of a sale: through this phone's outbox, online or off (features/counter, ADR 0019). */
export function RecordPaymentModal({
  businessId,
  sale,
  opened,
  onClose,
}: {
  businessId: number;
  sale: SaleDetail;
  opened: boolean;
  onClose(): void;
}) {
  const recorded = usePaymentRecorded(businessId);
  return (
    <Modal opened={opened} onClose={onClose} title="Record Payment" centered>
      {opened && (
        <PaymentForm
          target={{ sale_id: sale.id }}
          snapshot={{
            currency: sale.currency,
            customer_name: sale.customer_name,
            sale_label: `Sale #${sale.id}`,
            balance: sale.balance,
          }}
          onRecorded={(answer) => {
            void recorded(answer);
            onClose();
          }}
          onSaved={onClose}
        />
      )}
    </Modal>
  );
}
