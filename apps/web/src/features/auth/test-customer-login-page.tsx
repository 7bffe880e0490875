import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@oja/contract';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useDemoLogin } from './api';
import { AuthCard } from './auth-card';

/**
 * /test-customer-login: one button that signs in as the demo shop's customer (made on a server's
 * first start) and opens her area, where every page shows the shop's real records.
 */
export default function TestCustomerLoginPage() {
  const navigate = useNavigate();
  const login = useDemoLogin();
  const enter = () =>
    login.mutate(undefined, {
      onSuccess: ({ data }) => {
        const slug = data.user.business?.slug;
        navigate(slug ? `/${slug}/customer` : '/', { replace: true });
      },
    });

  return (
    <AuthCard
      title="Try Oja as a customer"
      subtitle="Look around a demo shop as one of its customers, without signing up."
    >
      <Stack gap="sm">
        <Text size="sm">You will see what a shop's customer sees in Oja:</Text>
        <List size="sm" spacing={4}>
          <List.Item>the shop's products, and asking for one</List.Item>
          <List.Item>her orders and invoices, paid and pending</List.Item>
          <List.Item>her receipts, and what she still owes</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          The demo account is shared: its email and password cannot be changed.
        </Text>
        {login.isError && (
          <Alert color="red" role="alert">
            {errorMessage(login.error, MESSAGES.failed.login)}
          </Alert>
        )}
        {/* Its words wrap on a narrow phone rather than end in "…". */}
        <Button
          onClick={enter}
          size="md"
          loading={login.isPending}
          fullWidth
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' } }}
        >
          Log in as the demo customer
        </Button>
        <Text size="sm" ta="center">
          Run a shop?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
