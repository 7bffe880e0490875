import { Button, Group, Stack, TextInput } from '@mantine/core';
import { addQuantities } from '@oja/contract';
import { useState } from 'react';
import { readQuantity } from './counter-input';

/**
 * A line's quantity, typed as a whole number (a weighed product's in up to 3 decimals, ADR 0031) or stepped with
 * − and +, or the line removed. Opened by a tap on the line: it loads with the line (sale-line.tsx), after the Sell
 * screen's first draw.
 */
export function LineEditor({
  quantity,
  label,
  isWeighed,
  onQuantity,
  onRemove,
  onDone,
}: {
  quantity: number;
  label: string;
  isWeighed: boolean;
  onQuantity(quantity: number): void;
  onRemove(): void;
  onDone(): void;
}) {
  const [typed, setTyped] = useState(String(quantity));
  const [error, setError] = useState<string | null>(null);
  const step = (next: number) => {
    onQuantity(next);
    setTyped(String(next));
    setError(null);
  };
  const apply = () => {
    const read = readQuantity(typed, isWeighed);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    onQuantity(read.quantity);
    onDone();
  };
  return (
    <Stack mt="xs" gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Button
          variant="default"
          size="md"
          w={48}
          px={0}
          aria-label="One fewer"
          onClick={() => quantity > 1 && step(addQuantities(quantity, -1))}
        >
          −
        </Button>
        <TextInput
          size="md"
          style={{ flex: 1 }}
          // A phone's decimal keypad for kg and litres; whole numbers otherwise.
          inputMode={isWeighed ? 'decimal' : 'numeric'}
          aria-label={`Quantity of ${label}`}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => event.key === 'Enter' && apply()}
          error={error}
        />
        <Button
          variant="default"
          size="md"
          w={48}
          px={0}
          aria-label="One more"
          onClick={() => step(addQuantities(quantity, 1))}
        >
          +
        </Button>
      </Group>
      <Group grow gap="xs">
        <Button size="md" onClick={apply}>
          Set
        </Button>
        <Button size="md" color="red" variant="light" onClick={onRemove}>
          Remove
        </Button>
      </Group>
    </Stack>
  );
}
