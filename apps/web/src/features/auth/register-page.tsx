import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function RegisterPage() {
  return <Title order={2}>Register</Title>;
}
