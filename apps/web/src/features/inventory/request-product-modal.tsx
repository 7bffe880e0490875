import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { type Cart, MESSAGES, type Product, SALES_ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { countInputProps } from '../../ui/count-input';
import { DocumentButton } from '../../ui/document-button';
import { Modal } from '../../ui/modal';
import { useRequestProducts } from '../sales/api';
import { customerPrice } from './customer-price';

/**
 * Asks the shop for a quantity of one product. Sent, the request is a cart named to the customer;
 * the dialog then offers its pro-forma invoice, the document a customer can pay against.
 */
export function RequestProductModal({
  businessId,
  product,
  opened,
  onClose,
}: {
  businessId: number;
  product: Product | null;
  opened: boolean;
  onClose(): void;
}) {
  const { business } = useBusinessContext();
  const request = useRequestProducts(businessId);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [sent, setSent] = useState<Cart | null>(null);
  const isSending = useRef(false);

  // Each opening starts a new request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setQuantity(1);
    setSent(null);
    request.reset();
  }, [opened]);

  if (!product) return null;
  const stock = product.quantity_in_stock;
  const count = typeof quantity === 'number' ? quantity : Number.NaN;
  const error = !Number.isInteger(count)
    ? SALES_MESSAGES.quantityWhole
    : count < 1
      ? MESSAGES.cart.quantityMin
      : count > stock
        ? MESSAGES.product.insufficientStock
        : null;
  const total = error ? null : customerPrice(product, count).line_total;

  const send = () => {
    // One request at a time: a double tap's second lands before the button is drawn as loading on a slow phone.
    if (error || isSending.current) return;
    isSending.current = true;
    request.mutate([{ product_id: product.id, quantity: count }], {
      onSuccess: (cart) => {
        setSent(cart);
        notify.success(SALES_MESSAGES.invoiceGenerated(product.product_name));
      },
      onSettled: () => {
        isSending.current = false;
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Request ${product.product_name}`}
      centered
      // A long product or business name wraps: unbroken, it pushed the dialog's × off the phone's screen.
      styles={{ title: { overflowWrap: 'anywhere', minWidth: 0 }, body: { overflowWrap: 'anywhere' } }}
      // While it sends, a tap beside the dialog does not close it: after a failure, Send request drops the failure's
      // message, the centred dialog shrinks, and a double tap's second tap lands on the backdrop, which closed the
      // dialog before its "Request sent" and the invoice to download.
      closeOnClickOutside={!request.isPending}
    >
      {sent ? (
        <Stack gap="sm">
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Request sent">
            {business.name} has your request for {sent.items[0]?.quantity ?? count} × {product.product_name} (
            {formatMoney(sent.total_cart_amount, sent.currency ?? undefined)}). They confirm it when you pay.
          </Alert>
          <DocumentButton
            entry={SALES_ENDPOINTS.getCartInvoice}
            input={{ business_id: businessId, id: sent.id }}
            label="Download invoice (PDF)"
            size="sm"
            variant="filled"
          />
          <Group grow>
            <Button variant="default" component={Link} to={`/${business.slug}/customer/invoices`}>
              My invoices
            </Button>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {formatMoney(customerPrice(product).net_unit_price, product.currency)} each · {product.quantity_in_stock}{' '}
              available
            </Text>
            <NumberInput
              label="Quantity"
              min={1}
              max={stock}
              {...countInputProps}
              value={quantity}
              onChange={setQuantity}
              error={quantity === '' ? null : error}
              inputMode="numeric"
              data-autofocus
            />
            {total && (
              <Text fw={600} aria-live="polite">
                Total: {formatMoney(total, product.currency)}
              </Text>
            )}
            {request.isError && <Alert color="red">{errorMessage(request.error, SALES_MESSAGES.failedRequest)}</Alert>}
            <Button type="submit" mih={40} loading={request.isPending} disabled={error !== null}>
              Send request
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
