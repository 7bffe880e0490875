import { Button, type ButtonProps } from '@mantine/core';
import { type Endpoint, type EndpointInput, SALES_MESSAGES } from '@oja/contract';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { download, errorMessage } from '../lib/api';
import { notify } from '../lib/notify';

/** Downloads one PDF (an invoice, a receipt, a pro-forma) and says so when it cannot. */
export function DocumentButton<E extends Endpoint>({
  entry,
  input,
  label = 'Download',
  name,
  ...props
}: {
  entry: E;
  input: EndpointInput<E>;
  label?: string;
  /** The accessible name, when the label alone is the same on every row. */
  name?: string;
} & Omit<ButtonProps, 'children'>) {
  const [isLoading, setLoading] = useState(false);
  const fetchDocument = async () => {
    setLoading(true);
    try {
      await download(entry, input);
    } catch (error) {
      notify.error(errorMessage(error, SALES_MESSAGES.failedDownload));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="xs"
      // Small beside a row's text, but a thumb's height: at size xs alone it was 30 px (26 at compact-sm).
      mih={40}
      variant="default"
      leftSection={<IconFileDownload size={16} />}
      loading={isLoading}
      aria-label={name}
      onClick={fetchDocument}
      {...props}
    >
      {label}
    </Button>
  );
}
