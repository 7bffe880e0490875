import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function SuperPage() {
  return <Title order={2}>Superuser</Title>;
}
