import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function VerifyEmailPage() {
  return <Title order={2}>Verify email</Title>;
}
