import { Title } from '@mantine/core';
import { Outlet } from 'react-router';
// SCAFFOLD: replaced by the issue that builds this page.
export default function CustomerEntry() {
  return (
    <>
      <Title order={2}>Customer</Title>
      <Outlet />
    </>
  );
}
