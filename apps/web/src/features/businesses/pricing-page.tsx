import { Title } from '@mantine/core';

// SCAFFOLD: replaced by the issue that builds this page.
export default function PricingPage() {
  return <Title order={2}>Pricing</Title>;
}
