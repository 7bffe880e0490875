import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function EmployeeHomePage() {
  return <Title order={2}>Employee home</Title>;
}
