import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function BusinessSettingsPage() {
  return <Title order={2}>Business settings</Title>;
}
