import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useBackCloses } from './back-closes';

/** Mantine's Modal, closed by the phone's back button like a dialog of the phone's own (back-closes.ts). */
export function Modal(props: ModalProps) {
  useBackCloses(props.opened, props.onClose);
  return <MantineModal {...props} />;
}
