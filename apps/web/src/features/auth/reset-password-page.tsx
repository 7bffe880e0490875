import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function ResetPasswordPage() {
  return <Title order={2}>Reset password</Title>;
}
