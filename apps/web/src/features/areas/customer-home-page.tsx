import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function CustomerHomePage() {
  return <Title order={2}>Customer home</Title>;
}
