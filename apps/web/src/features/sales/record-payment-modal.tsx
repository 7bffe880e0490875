import type { SaleDetail } from '@oja/contract';
import { lazy, Suspense } from 'react';
import { Modal } from '../../ui/modal';
import { PageLoader } from '../../ui/page-loader';
import { usePaymentRecorded } from './api';

/**
 * The form writes to the counter's store (Dexie), which the Sell screen draws: imported here, the build would
 * count it as drawn and opened, and put it in every signed-in page's first load (build/first-load-chunks.ts).
 */
const PaymentForm = lazy(() => import('../counter/payment-form').then((module) => ({ default: module.PaymentForm })));

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
        <Suspense fallback={<PageLoader label="Loading..." />}>
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
        </Suspense>
      )}
    </Modal>
  );
}
