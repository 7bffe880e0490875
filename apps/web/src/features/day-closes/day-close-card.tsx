import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  type Business,
  type DayClose,
  dayCloseLineLabel,
  dayCloseShareText,
  differenceWords,
  expectedWords,
  formatMoney,
  hasDifference,
  whatsappUrl,
} from '@oja/contract';
import { IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';

/** One close: who, the period, per method expected against counted, the note; shared on WhatsApp or printed. */
export function DayCloseCard({
  close,
  business,
  onPrint,
}: {
  close: DayClose;
  business: Business;
  onPrint(close: DayClose): void;
}) {
  const isOnlyNaira = close.lines.every((line) => line.currency === 'NGN');
  const share = () =>
    window.open(whatsappUrl(dayCloseShareText(business.name, close, formatDateTime)), '_blank', 'noopener,noreferrer');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="day-close">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {close.scope === 'shop' ? 'Whole shop' : close.closed_by_name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(close.period_start)} to {formatDateTime(close.period_end)}
            </Text>
          </Stack>
          <Badge color={hasDifference(close.lines) ? 'red' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
            {hasDifference(close.lines) ? 'Difference' : 'Exact'}
          </Badge>
        </Group>
        {close.lines
          .filter((line) => line.expected !== '0.00' || line.counted !== '0.00')
          .map((line) => (
            <Stack key={`${line.method}-${line.currency}`} gap={0}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500}>
                  {dayCloseLineLabel(line.method, line.currency, isOnlyNaira)}
                </Text>
                <Text size="sm" fw={600} c={line.count_difference.startsWith('-') ? 'red' : undefined}>
                  {differenceWords(line.count_difference, line.currency)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Counted {formatMoney(line.counted, line.currency)}
                {line.paid_out === '0.00'
                  ? ` of ${formatMoney(line.expected, line.currency)}`
                  : ` · ${expectedWords(line.expected, line.currency)}`}
              </Text>
            </Stack>
          ))}
        {close.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Note: {close.note}
          </Text>
        )}
        {close.pending_outbox > 0 && (
          <Text size="sm" c="orange">
            Unsent sales on the phone at the close: {close.pending_outbox}
          </Text>
        )}
        {close.scope === 'shop' && (
          <Text size="xs" c="dimmed">
            Closed by {close.closed_by_name}
          </Text>
        )}
        <Group grow gap="xs">
          <Button variant="light" color="green" mih={40} leftSection={<IconBrandWhatsapp size={18} />} onClick={share}>
            WhatsApp
          </Button>
          <Button variant="default" mih={40} leftSection={<IconPrinter size={18} />} onClick={() => onPrint(close)}>
            Print
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
