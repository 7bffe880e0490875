import { ActionIcon } from '@mantine/core';
import { SCAN_MESSAGES } from '@oja/contract';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { loadOnOpen } from '../../ui/load-on-open';
import { prepareBeep, signalScan } from './beep';

/** The camera dialog and the barcode reader under it: downloaded at the first tap, never with the page. */
const ScanDialog = loadOnOpen(
  () => import('./scan-dialog').then((module) => module.ScanDialog),
  (props) => props.opened,
);

export type ScanButtonProps = {
  /** Each new code the camera reads, once. */
  onCode(code: string): void;
  /**
   * Close the camera after the first code (finding one product); otherwise it keeps scanning until closed (the
   * counter adding product after product).
   */
  closeOnCode?: boolean;
};

/**
 * A thumb-sized "Scan a barcode" button for beside a search box. The box stays the way to type a code: the
 * camera is an addition, and says so when it cannot be used.
 */
export function ScanButton({ onCode, closeOnCode = false }: ScanButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        variant="default"
        size={40}
        aria-label={SCAN_MESSAGES.title}
        onClick={() => {
          prepareBeep();
          setOpened(true);
        }}
        {...ScanDialog.intent}
      >
        <IconBarcode size={22} />
      </ActionIcon>
      <ScanDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onCode={(code) => {
          signalScan();
          onCode(code);
        }}
        closeOnCode={closeOnCode}
      />
    </>
  );
}
