import { Alert } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** A tip the person can close (tips are dismissible); it stays closed until the page is left. */
export function DismissibleTip({ children, title = 'Tip' }: { children: ReactNode; title?: string }) {
  const [isOpen, setOpen] = useState(true);
  if (!isOpen) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss tip"
      onClose={() => setOpen(false)}
    >
      {children}
    </Alert>
  );
}
