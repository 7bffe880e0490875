import { ActionIcon } from '@mantine/core';
import { can, debtShareText, SALES_ENDPOINTS, SALES_MESSAGES, type Sale, whatsappUrl } from '@oja/contract';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { call, errorMessage } from '../../lib/api';
import { possessive } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { LazyTooltip } from '../../ui/lazy-tooltip';

/**
 * Shares what this sale's customer owes on WhatsApp: every open sale of theirs and the total, found at
 * the moment of the tap (registered customers by id, walk-ins by name, as the debts list groups them).
 */
export function DebtShareButton({ sale }: { sale: Sale }) {
  const { business, role } = useBusinessContext();
  const [isLoading, setLoading] = useState(false);
  if (!can(role, 'debt.view')) return null;
  const share = async () => {
    setLoading(true);
    try {
      const { data } = await call(SALES_ENDPOINTS.listDebts, { business_id: business.id, search: sale.customer_name });
      const name = sale.customer_name.trim().toLowerCase();
      const debt = data.results.find(
        (candidate) =>
          candidate.currency === sale.currency &&
          (sale.customer_id === null
            ? candidate.customer_id === null && candidate.customer_name.trim().toLowerCase() === name
            : candidate.customer_id === sale.customer_id),
      );
      if (!debt) return;
      window.open(whatsappUrl(debtShareText(business.name, debt), debt.customer_phone), '_blank', 'noopener');
    } catch (error) {
      notify.error(errorMessage(error, SALES_MESSAGES.failedFetchDebts));
    } finally {
      setLoading(false);
    }
  };
  return (
    <LazyTooltip label="Share what they owe on WhatsApp">
      <ActionIcon
        variant="subtle"
        color="green"
        size="lg"
        loading={isLoading}
        aria-label={`Share ${possessive(sale.customer_name)} debt on WhatsApp`}
        onClick={share}
      >
        <IconBrandWhatsapp size={18} />
      </ActionIcon>
    </LazyTooltip>
  );
}
