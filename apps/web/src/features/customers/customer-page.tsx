import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CUSTOMER_ENDPOINTS,
  CUSTOMER_MESSAGES,
  type CustomerStatement,
  can,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  STATEMENT_LINE_LABELS,
  type StatementLine,
  statementShareText,
  whatsappUrl,
} from '@oja/contract';
import { IconArrowLeft, IconArrowsJoin, IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { DocumentButton } from '../../ui/document-button';
import { loadOnOpen } from '../../ui/load-on-open';
import NotFoundPage from '../../ui/not-found-page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ResponsiveTable } from '../../ui/responsive-table';
import { StatCard } from '../../ui/stat-card';
import { THUMB_LINK } from '../../ui/thumb-link';
import { type CustomerRef, useCustomer } from './api';
import { customerPath, customersBase } from './paths';

const MergeModal = loadOnOpen(
  () => import('./merge-modal').then((module) => module.MergeModal),
  (props) => props.opened,
);

/** The customer the address names: ?id= for a registered customer, ?name= for a name typed on sales. */
function refOf(params: URLSearchParams): CustomerRef | null {
  const id = Number(params.get('id'));
  if (params.has('id')) return Number.isSafeInteger(id) && id > 0 ? { customer_id: id } : null;
  const name = params.get('name')?.trim();
  return name ? { customer_name: name } : null;
}

/** /business/{slug}/customers/view and the manager's: one customer's balances, aging, statement and actions. */
export default function CustomerPage() {
  return (
    <RequirePermission permission="customer.view">
      <Customer />
    </RequirePermission>
  );
}

function Customer() {
  const { business } = useBusinessContext();
  const [params] = useSearchParams();
  const ref = refOf(params);
  const customer = useCustomer(business.id, ref);
  const base = customersBase(useLocation().pathname, business.slug);
  if (!ref) return <NotFoundPage />;
  if (customer.isPending) return <PageLoader />;
  if (customer.isError) {
    return (
      <QueryError
        error={customer.error}
        fallback={CUSTOMER_MESSAGES.failedFetchCustomer}
        onRetry={() => customer.refetch()}
      />
    );
  }
  return <CustomerBody statement={customer.data} base={base} />;
}

function CustomerBody({ statement, base }: { statement: CustomerStatement; base: string }) {
  const { business, role } = useBusinessContext();
  const navigate = useNavigate();
  const [isMerging, setMerging] = useState(false);
  const { customer } = statement;
  const ref: CustomerRef =
    customer.customer_id !== null ? { customer_id: customer.customer_id } : { customer_name: customer.customer_name };
  const shareUrl = whatsappUrl(
    statementShareText(business, { ...statement, customer_name: customer.customer_name }),
    customer.phone,
  );
  const describe = (line: StatementLine) => {
    const sale = line.receipt_number ? `Receipt ${line.receipt_number}` : `Sale #${line.sale_id}`;
    return `${STATEMENT_LINE_LABELS[line.kind]} · ${sale}${line.method ? ` · ${PAYMENT_METHOD_LABELS[line.method]}` : ''}`;
  };
  const salesBase = base.replace(/\/customers$/, '/sales');
  const isInBusiness = base.startsWith('/business/');

  return (
    <Stack gap="md">
      <Anchor component={Link} to={base} size="sm" style={THUMB_LINK} aria-label="Back to customers">
        <IconArrowLeft size={16} style={{ marginRight: 4 }} /> Customers
      </Anchor>
      <div>
        <Title order={2}>{customer.customer_name}</Title>
        <Text size="sm" c="dimmed">
          {customer.phone ?? 'No phone on file'} ·{' '}
          {customer.customer_id !== null ? 'Registered customer' : 'Named on sales'}
        </Text>
      </div>
      {statement.balances.map((balance) => {
        const money = (amount: string) => formatMoney(amount, balance.currency);
        return (
          <Stack key={balance.currency} gap="xs">
            <SimpleGrid cols={2} spacing="sm">
              <StatCard
                label="Owes"
                value={money(balance.owed)}
                hint={balance.owing_since ? `Since ${formatDate(balance.owing_since)}` : 'Nothing owed'}
              />
              <StatCard
                label="Bought"
                value={money(balance.total_bought)}
                hint={`${balance.sales_count} sale${balance.sales_count === 1 ? '' : 's'}`}
              />
            </SimpleGrid>
            <Card withBorder padding="sm" radius="md" aria-label="Owed by age">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
                Owed by age
              </Text>
              {(
                [
                  ['0-30 days', balance.aging.days_0_30],
                  ['31-60 days', balance.aging.days_31_60],
                  ['Over 60 days', balance.aging.over_60],
                ] as const
              ).map(([label, amount]) => (
                <Group key={label} role="group" aria-label={label} justify="space-between" py={2}>
                  <Text size="sm">{label}</Text>
                  <Text size="sm" fw={amount === '0.00' ? 400 : 700} c={amount === '0.00' ? 'dimmed' : undefined}>
                    {money(amount)}
                  </Text>
                </Group>
              ))}
            </Card>
          </Stack>
        );
      })}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <DocumentButton
          entry={CUSTOMER_ENDPOINTS.getCustomerStatement}
          input={{ business_id: business.id, ...ref }}
          label="Statement PDF"
          size="md"
        />
        <Button
          component="a"
          href={shareUrl}
          target="_blank"
          rel="noopener noreferrer"
          color="green"
          size="md"
          leftSection={<IconBrandWhatsapp size={18} />}
        >
          Share on WhatsApp
        </Button>
      </SimpleGrid>
      {can(role, 'customer.merge') && (
        <Button
          variant="default"
          size="md"
          leftSection={<IconArrowsJoin size={18} />}
          onClick={() => setMerging(true)}
          {...MergeModal.intent}
        >
          Merge a duplicate
        </Button>
      )}

      <Title order={3}>Statement</Title>
      {statement.brought_forward.map((carried) => (
        <Text key={carried.currency} size="sm">
          Brought forward: {formatMoney(carried.balance, carried.currency)}
        </Text>
      ))}
      {statement.lines.length === 0 ? (
        <Text c="dimmed">{CUSTOMER_MESSAGES.noLines}</Text>
      ) : (
        <ResponsiveTable
          label="Statement"
          minWidth={640}
          // Newest first, as a phone reads a history; the running balance is each line's own.
          rows={statement.lines.map((line, index) => ({ ...line, index })).reverse()}
          rowKey={(line) => line.index}
          columns={[
            {
              header: 'Details',
              kind: 'main',
              cell: (line) =>
                isInBusiness ? (
                  <Anchor component={Link} to={`${salesBase}/${line.sale_id}`} fw={600} style={THUMB_LINK}>
                    {describe(line)}
                  </Anchor>
                ) : (
                  <Text fw={600}>{describe(line)}</Text>
                ),
            },
            { header: 'Date', isNoWrap: true, cell: (line) => formatDateTime(line.at) },
            {
              header: 'Amount',
              isNoWrap: true,
              cell: (line) =>
                line.debit !== '0.00'
                  ? `+ ${formatMoney(line.debit, line.currency)}`
                  : `− ${formatMoney(line.credit, line.currency)}`,
            },
            { header: 'Balance', isNoWrap: true, cell: (line) => formatMoney(line.balance, line.currency) },
          ]}
        />
      )}
      <MergeModal
        opened={isMerging}
        businessId={business.id}
        customer={customer}
        onClose={() => setMerging(false)}
        onMerged={() => {
          setMerging(false);
          navigate(customerPath(base, customer), { replace: true });
        }}
      />
    </Stack>
  );
}
