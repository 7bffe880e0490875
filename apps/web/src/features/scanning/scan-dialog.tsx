import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SCAN_MESSAGES } from '@oja/contract';
import { useRef, useState } from 'react';
import { Modal } from '../../ui/modal';
import { type ScannerState, useCameraScanner } from './use-camera-scanner';

export type ScanDialogProps = {
  opened: boolean;
  onClose(): void;
  onCode(code: string): void;
  closeOnCode: boolean;
};

/** The camera, full screen on a phone, reading barcodes until closed (or until the first, if asked). */
export function ScanDialog({ opened, onClose, onCode, closeOnCode }: ScanDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={SCAN_MESSAGES.title}
      fullScreen={isPhone}
      size="lg"
      // A thumb's target: the phone is held in one hand, the other holds the goods.
      closeButtonProps={{ 'aria-label': 'Close', size: 40 }}
    >
      {/* Mounted only while open: closing unmounts it, which stops the camera. */}
      {opened && (
        <CameraView
          onCode={(code) => {
            onCode(code);
            if (closeOnCode) onClose();
          }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function CameraView({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [lastCode, setLastCode] = useState<string | null>(null);
  const scanner = useCameraScanner(video, (code) => {
    setLastCode(code);
    onCode(code);
  });
  const isFailed = scanner.status === 'failed';
  return (
    <Stack gap="md">
      <Box
        pos="relative"
        bg="black"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', display: isFailed ? 'none' : 'block' }}
      >
        <video
          ref={video}
          aria-label="Camera"
          muted
          playsInline
          autoPlay
          style={{ display: 'block', width: '100%', height: 'min(60vh, 28rem)', objectFit: 'cover' }}
        />
        {/* Where to hold the code: a frame across the middle of the picture. */}
        <Box
          aria-hidden
          pos="absolute"
          style={{ inset: '30% 8%', border: '3px solid rgba(255, 255, 255, 0.85)', borderRadius: 8 }}
        />
      </Box>
      <ScannerStatus state={scanner} />
      {lastCode && (
        <Text role="status" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {SCAN_MESSAGES.scanned(lastCode)}
        </Text>
      )}
      <Button size="lg" variant="default" fullWidth onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}

function ScannerStatus({ state }: { state: ScannerState }) {
  if (state.status === 'failed') {
    return (
      <Alert color="red" title="The camera cannot scan">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button variant="light" color="red" mih={40} onClick={state.retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {state.status === 'starting' && <Loader size="sm" />}
      <Text size="sm" c="dimmed">
        {state.status === 'starting' ? SCAN_MESSAGES.starting : SCAN_MESSAGES.aim}
      </Text>
    </Group>
  );
}
