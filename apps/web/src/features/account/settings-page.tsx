import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function SettingsPage() {
  return <Title order={2}>Settings</Title>;
}
