import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
      const url = whatsappUrl(debtShareText(business, debt), debt.customer_phone);
      // A tap lets a page open a window for a few seconds only (5 s in Chromium). When the debts took longer on a
      // slow network, window.open would be blocked without a word: a link tapped now opens WhatsApp instead.
      if (navigator.userActivation?.isActive === false) offerLink(url);
      else window.open(url, '_blank', 'noopener,noreferrer');
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

/** A toast holding the WhatsApp link, for a tap of its own once the first tap can no longer open a window. */
function offerLink(url: string) {
  const id = notifications.show({
    color: 'green',
    autoClose: false,
    message: (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{SALES_MESSAGES.debtShareReady}</Text>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          color="green"
          // A thumb's target: 42 px.
          size="md"
          leftSection={<IconBrandWhatsapp size={18} />}
          onClick={() => notifications.hide(id)}
        >
          {SALES_MESSAGES.debtShareOpen}
        </Button>
      </Stack>
    ),
  });
}
