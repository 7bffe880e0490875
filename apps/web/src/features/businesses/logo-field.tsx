import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { BUSINESS_MESSAGES, type Business } from '@oja/contract';
import { useState } from 'react';
import { useBusinessLogo } from '../../shell/business-query';
import { logoFromFile } from './logo-file';

/**
 * The shop's logo in Edit Info. `value` is what the form will send: undefined leaves the logo as it is, null
 * takes it away, a data URL is a new one, made small on the phone before anything is sent.
 */
export function LogoField({
  business,
  value,
  error,
  onChange,
}: {
  business: Business;
  value: string | null | undefined;
  error?: React.ReactNode;
  onChange(logo: string | null): void;
}) {
  const current = useBusinessLogo(business);
  const [isReading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = value === undefined ? (current.data ?? null) : value;

  const choose = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setProblem(null);
    try {
      onChange(await logoFromFile(file));
    } catch {
      setProblem(BUSINESS_MESSAGES.logoUnreadable);
    } finally {
      setReading(false);
    }
  };

  return (
    <Input.Wrapper label="Logo" error={problem ?? error}>
      <Stack gap="xs" mt={4}>
        {shown ? (
          <Image
            src={shown}
            alt="The shop's logo"
            h={64}
            fit="contain"
            style={{ width: 'auto', maxWidth: '100%', alignSelf: 'flex-start' }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No logo yet. It is printed at the head of receipts and invoices.
          </Text>
        )}
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/*">
            {(props) => (
              <Button {...props} variant="light" loading={isReading}>
                {shown ? 'Change logo' : 'Choose a logo'}
              </Button>
            )}
          </FileButton>
          {shown && (
            <Button variant="subtle" color="red" onClick={() => onChange(null)}>
              Remove logo
            </Button>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
