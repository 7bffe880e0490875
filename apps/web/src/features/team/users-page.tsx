import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function UsersPage() {
  return <Title order={2}>User Management</Title>;
}
