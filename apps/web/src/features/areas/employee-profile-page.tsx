import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function EmployeeProfilePage() {
  return <Title order={2}>Profile</Title>;
}
