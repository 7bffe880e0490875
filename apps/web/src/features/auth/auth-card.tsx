import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of every sign-in screen: the brand, a title, and the form in a card that fills a phone's width. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100vh" px="md" py="xl" bg="gray.0">
      <Stack maw={420} mx="auto" gap="lg">
        <Anchor component={Link} to="/" fw={800} fz={28} ta="center" underline="never" c="teal.8">
          Oja
        </Anchor>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          <Stack gap="md">
            <div>
              <Title order={1} fz={24}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}

/** Under a sign-up form: the way back for someone who already has an account. */
export function LogInInstead() {
  return (
    <Text size="sm" ta="center">
      Already have an account?{' '}
      <Anchor component={Link} to="/login">
        Log in
      </Anchor>
    </Text>
  );
}
