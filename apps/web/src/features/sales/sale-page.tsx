import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function SalePage() {
  return <Title order={2}>Sale</Title>;
}
