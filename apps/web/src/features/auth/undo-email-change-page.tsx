import { Alert, Button, Stack } from '@mantine/core';
import { MESSAGES } from '@oja/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useUndoEmailChange } from './api';
import { AuthCard } from './auth-card';

/**
 * The page of the link mailed to the old address when an account's email changed. It works signed out. The
 * change is undone by a button, not on opening: a mail scanner that opens links must not undo it by itself.
 */
export default function UndoEmailChangePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const undo = useUndoEmailChange();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : MESSAGES.auth.undoLinkInvalid);

  const run = async () => {
    setFailure(null);
    try {
      const { description, data } = await undo.mutateAsync(token);
      setDone(description || MESSAGES.auth.emailChangeUndone(data.email));
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.auth.undoLinkInvalid));
    }
  };

  return (
    <AuthCard
      title="Undo the email change"
      subtitle="Puts your old email back on your Oja account and signs everyone out of it, on every phone."
    >
      <Stack gap="sm">
        {done ? (
          <>
            <Alert color="teal" variant="light" role="status">
              {done}
            </Alert>
            <Button component={Link} to="/forgot-password" size="md" fullWidth>
              Reset my password
            </Button>
            <Button component={Link} to="/login" variant="subtle" size="md" fullWidth>
              Log in
            </Button>
          </>
        ) : (
          <>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            {token && (
              <Button size="md" fullWidth loading={undo.isPending} onClick={run}>
                Put my old email back
              </Button>
            )}
            <Button component={Link} to="/forgot-password" variant="subtle" size="md" fullWidth>
              Reset my password
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
