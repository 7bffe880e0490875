import { ActionIcon } from '@mantine/core';
import { can, type Debt, debtShareText, SALES_ENDPOINTS, SALES_MESSAGES, type Sale, whatsappUrl } from '@oja/contract';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorMessage } from '../../lib/api';
import { possessive } from '../../lib/format';
import { notify } from '../../lib/notify';
import { saleKeys } from '../../lib/query-keys';
import { useBusinessContext } from '../../shell/business-context';
import { LazyTooltip } from '../../ui/lazy-tooltip';

/**
 * Shares what this sale's customer owes on WhatsApp: every open sale of theirs and the total, found at
 * the moment of the tap (registered customers by id, walk-ins by name, as the debts list groups them).
 */
export function DebtShareButton({ sale }: { sale: Sale }) {
  const { business, role } = useBusinessContext();
  const client = useQueryClient();
  const [isLoading, setLoading] = useState(false);
  if (!can(role, 'debt.view')) return null;
  const name = sale.customer_name.trim().toLowerCase();
  const isTheirs = (candidate: Debt) =>
    candidate.currency === sale.currency &&
    (sale.customer_id === null
      ? candidate.customer_id === null && candidate.customer_name.trim().toLowerCase() === name
      : candidate.customer_id === sale.customer_id);
  /**
   * The search matches every name containing theirs ("Ade" finds "Ade 1" … "Ade 10"), most owed first:
   * theirs may be on a later page, where the first page alone left the tap doing nothing.
   */
  const findDebt = async (): Promise<Debt | undefined> => {
    for (let page = 1; ; page++) {
      const { data } = await call(SALES_ENDPOINTS.listDebts, {
        business_id: business.id,
        search: sale.customer_name,
        page,
      });
      const debt = data.results.find(isTheirs);
      if (debt || page >= data.total_pages) return debt;
    }
  };
  const share = async () => {
    setLoading(true);
    try {
      const debt = await findDebt();
      if (!debt) {
        // Paid meanwhile on another phone: say so, and let the list drop its stale "Owes".
        notify.error(SALES_MESSAGES.alreadyPaid);
        await client.invalidateQueries({ queryKey: saleKeys.all(business.id) });
        return;
      }
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
        // 40 px: a thumb's target beside the amount owed on a phone's sale card.
        size={40}
        loading={isLoading}
        aria-label={`Share ${possessive(sale.customer_name)} debt on WhatsApp`}
        onClick={share}
      >
        <IconBrandWhatsapp size={18} />
      </ActionIcon>
    </LazyTooltip>
  );
}
