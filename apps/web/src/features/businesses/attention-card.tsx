import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type Attention,
  belowCostPriceOf,
  COUNTER_REVIEW_MESSAGES,
  formatMoney,
  PRICING_MESSAGES,
  ROLE_LABELS,
  STOCK_MESSAGES,
} from '@oja/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/format';
import { priceOf, waitedFor } from '../counter/review-format';

/** Where a product (and so its batches) is opened, and where a customer's sales are listed. */
export const productPath = (slug: string, productId: number) => `/business/${slug}/inventory/${productId}`;
export const customerSalesPath = (slug: string, name: string) =>
  `/business/${slug}/sales?tab=sales&q=${encodeURIComponent(name)}`;
/** The team's list at the one member waiting, where their card has Activate. */
const waitingMemberPath = (slug: string, username: string) =>
  `/business/${slug}/users?status=inactive&search=${encodeURIComponent(username)}`;

/**
 * The morning check: what runs low, what expires within 30 days, what has expired on the shelf, and
 * who owes the most, each line a link to the product or the customer's sales. With `reviewTo` (a role that
 * reviews the counter), what the counter left: units sold beyond the stock, sales at another price, phones
 * with sales not sent, each line a link to the counter review page.
 */
export function AttentionCard({
  attention,
  slug,
  reviewTo,
}: {
  attention: Attention;
  slug: string;
  reviewTo?: string;
}) {
  const { low_stock, expiring, expired, top_debtors, waiting_members, below_cost = [] } = attention;
  const counter = reviewTo
    ? { shortfalls: attention.shortfalls, flags: attention.price_flags, devices: attention.unsynced_devices }
    : { shortfalls: [], flags: [], devices: [] };
  const isAllClear = [
    low_stock,
    expiring,
    expired,
    top_debtors,
    waiting_members,
    below_cost,
    counter.shortfalls,
    counter.flags,
    counter.devices,
  ].every((list) => list.length === 0);
  const unitsShort = counter.shortfalls.reduce((units, shortfall) => units + shortfall.quantity, 0);
  return (
    <Card withBorder radius="md" aria-label="Needs attention">
      <Title order={4} mb="sm">
        Needs attention
      </Title>
      {isAllClear ? (
        <Text size="sm" c="dimmed">
          Nothing needs attention: no low stock, no expiring or expired batches, no debts.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {/* Only when someone waits: they can do nothing in the shop until the owner activates them. */}
          {waiting_members.length > 0 && (
            <Section title="Waiting for you to activate" count={waiting_members.length} color="blue">
              {waiting_members.map((member) => (
                <Line
                  key={member.user_id}
                  to={waitingMemberPath(slug, member.username)}
                  label={`${member.first_name} ${member.last_name}`}
                >
                  joined as {ROLE_LABELS[member.role]} by your invite link, {formatDateTime(member.joined_at)}
                </Line>
              ))}
            </Section>
          )}
          {reviewTo && counter.shortfalls.length > 0 && (
            <Section title={COUNTER_REVIEW_MESSAGES.unitsNotInStock(unitsShort)} count={unitsShort} color="red">
              {counter.shortfalls.map((shortfall) => (
                <Line key={shortfall.id} to={reviewTo} label={shortfall.product_name}>
                  {shortfall.quantity} not in stock · receipt {shortfall.receipt_number ?? `#${shortfall.sale_id}`} ·{' '}
                  {shortfall.sold_by_name}
                </Line>
              ))}
            </Section>
          )}
          {reviewTo && counter.flags.length > 0 && (
            <Section
              title={COUNTER_REVIEW_MESSAGES.salesAtAnotherPrice(counter.flags.length)}
              count={counter.flags.length}
            >
              {counter.flags.map((flag) => (
                <Line key={flag.id} to={`${reviewTo}?tab=prices`} label={flag.product_name}>
                  charged {priceOf(flag.charged_unit_price, flag.charged_discount_percentage)} vs{' '}
                  {priceOf(flag.product_unit_price, flag.product_discount_percentage)} · {flag.sold_by_name}
                </Line>
              ))}
            </Section>
          )}
          {reviewTo &&
            counter.devices.map((device) => (
              <Section
                key={device.device_id}
                title={COUNTER_REVIEW_MESSAGES.phoneNotSent(
                  device.label,
                  device.pending_count,
                  device.oldest_pending_at ? waitedFor(device.oldest_pending_at) : '',
                )}
                count={device.pending_count}
              >
                <Line to={`${reviewTo}?tab=phones`} label={device.label}>
                  {device.user_name} · oldest waiting since {formatDateTime(device.oldest_pending_at)}
                </Line>
              </Section>
            ))}
          {/* Only when there is one: a price that loses money on every sale. */}
          {below_cost.length > 0 && (
            <Section title="Sold below cost" count={below_cost.length} color="red">
              {below_cost.map((item) => (
                <Line key={item.product_id} to={productPath(slug, item.product_id)} label={item.product_name}>
                  {PRICING_MESSAGES.belowCostDetail(
                    formatMoney(belowCostPriceOf(item), item.currency),
                    formatMoney(item.cost_price, item.currency),
                  )}
                </Line>
              ))}
            </Section>
          )}
          <Section title="Low stock" count={low_stock.length}>
            {low_stock.map((item) => (
              <Line key={item.product_id} to={productPath(slug, item.product_id)} label={item.product_name}>
                {STOCK_MESSAGES.lowStock(item.quantity_in_stock, item.reorder_level)}
              </Line>
            ))}
          </Section>
          <Section title="Expiring within 30 days" count={expiring.length}>
            {expiring.map((batch) => (
              <Line
                key={batch.batch_id}
                to={productPath(slug, batch.product_id)}
                label={`${batch.product_name} · ${batch.batch_number}`}
              >
                {batch.quantity} units, expires {formatDate(batch.expiration_date)}
              </Line>
            ))}
          </Section>
          <Section title="Expired, still on the shelf" count={expired.length} color="red">
            {expired.map((batch) => (
              <Line
                key={batch.batch_id}
                to={productPath(slug, batch.product_id)}
                label={`${batch.product_name} · ${batch.batch_number}`}
              >
                {batch.quantity} units, expired {formatDate(batch.expiration_date)}
              </Line>
            ))}
          </Section>
          <Section title="Owe the most" count={top_debtors.length}>
            {top_debtors.map((debtor) => (
              <Line
                key={`${debtor.customer_id ?? debtor.customer_name}-${debtor.currency}`}
                to={customerSalesPath(slug, debtor.customer_name)}
                label={debtor.customer_name}
              >
                owes {formatMoney(debtor.total_owed, debtor.currency)} on {debtor.open_sales} sale
                {debtor.open_sales === 1 ? '' : 's'}
              </Line>
            ))}
          </Section>
        </SimpleGrid>
      )}
    </Card>
  );
}

function Section({
  title,
  count,
  color = 'orange',
  children,
}: {
  title: string;
  count: number;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={6} aria-label={title} role="group">
      <Group gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Badge size="sm" variant="light" color={count === 0 ? 'gray' : color}>
          {count}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/** One line, a touch-sized link on its own row. */
function Line({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Stack gap={0} py={4}>
      <Anchor
        component={Link}
        to={to}
        size="sm"
        fw={500}
        // A thumb's height, the text centred in it.
        style={{ minHeight: 40, display: 'inline-flex', alignItems: 'center' }}
      >
        {label}
      </Anchor>
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Stack>
  );
}
