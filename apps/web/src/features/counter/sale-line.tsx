import { Badge, Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { countOf, formatMoney, isBelowCost, PRICING_MESSAGES } from '@oja/contract';
import { useState } from 'react';
import { LineEditor } from './line-editor';
import { type CartLine, cartTotal, isWeighedLine, priced } from './sale-draft';

/**
 * A line of the sale; a tap opens its quantity (line-editor.tsx), kg and litres in decimals. Drawn once a product
 * is added, so it loads after the Sell screen's first draw (sell-page.tsx), its quantity editor with it.
 */
export function SaleLine({
  line,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  onQuantity(quantity: number): void;
  onRemove(): void;
}) {
  const [editing, setEditing] = useState(false);
  const { product, pack } = line;
  const lineTotal = cartTotal([line]);
  // A product with packs says what each line counts: "1 carton", "5 packs" (ADR 0030); a weighed one "0.75 kg".
  const isWeighed = isWeighedLine(line);
  const counted =
    pack || product.packs?.length || isWeighed
      ? countOf(line.quantity, pack?.name ?? product.base_unit ?? 'piece')
      : String(line.quantity);
  const label = pack ? `${product.product_name} (${pack.name})` : product.product_name;
  return (
    <Paper withBorder p="sm">
      <UnstyledButton
        w="100%"
        onClick={() => setEditing((open) => !open)}
        aria-label={`${label}: ${line.quantity}, change quantity`}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Box miw={0}>
            <Text fw={600} truncate>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {counted} × {formatMoney(priced(line).unit_price, product.currency)}
            </Text>
            {/* The counter sells at the retail price after its discount: flagged when that is below the cost. */}
            {!pack && isBelowCost({ ...product, wholesale_price: null }) && (
              <Badge color="red" variant="light" size="sm" tt="none">
                {PRICING_MESSAGES.belowCost}
              </Badge>
            )}
          </Box>
          <Text fw={600} style={{ flexShrink: 0 }}>
            {formatMoney(lineTotal, product.currency)}
          </Text>
        </Group>
      </UnstyledButton>
      {editing && (
        <LineEditor
          quantity={line.quantity}
          label={label}
          isWeighed={isWeighed}
          onQuantity={onQuantity}
          onRemove={onRemove}
          onDone={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}
