import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function ForgotPasswordPage() {
  return <Title order={2}>Forgot password</Title>;
}
