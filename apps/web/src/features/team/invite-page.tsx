import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MESSAGES,
  type PublicBusiness,
  REGISTER_REDIRECT_MS,
  ROLE_LABELS,
  roleFromInvite,
  TEAM_MESSAGES,
} from '@oja/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { AuthCard, LogInInstead } from '../auth/auth-card';
import type { LoginState } from '../auth/login-page';
import RegisterPage from '../auth/register-page';
import { useInviteBusiness, useJoinBusiness } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/**
 * /{businessSlug}/{role}, for guests who follow an invite link. The ceo link
 * opens the CEO sign-up (a business of their own); any other role joins this
 * business as an inactive member the owner activates.
 */
export default function InvitePage({ slug, inviteRole }: { slug?: string; inviteRole?: string }) {
  const params = useParams();
  const businessSlug = slug ?? params.businessSlug ?? '';
  const role = inviteRole ?? params.role ?? '';
  if (role === 'ceo') return <RegisterPage />;
  return <InviteBusiness slug={businessSlug} inviteRole={role} />;
}

/**
 * The link's business is looked up first: a link to no business says so at once instead of
 * showing a form that can only fail, and the form names the business rather than its slug.
 */
function InviteBusiness({ slug, inviteRole }: { slug: string; inviteRole: string }) {
  const lookup = useInviteBusiness(slug);
  if (lookup.isPending) return <PageLoader label="Loading business..." />;
  if (lookup.isError) {
    const isUnknown = lookup.error instanceof ApiError && lookup.error.status === 404;
    return (
      <AuthCard title={isUnknown ? 'This invite link does not work' : 'Join a business'}>
        {isUnknown ? (
          <Alert color="yellow">{errorMessage(lookup.error, TEAM_MESSAGES.businessNotFoundForInvite(slug))}</Alert>
        ) : (
          <QueryError error={lookup.error} onRetry={() => lookup.refetch()} />
        )}
        <LogInInstead />
      </AuthCard>
    );
  }
  return <JoinBusiness business={lookup.data} inviteRole={inviteRole} />;
}

function JoinBusiness({ business, inviteRole }: { business: PublicBusiness; inviteRole: string }) {
  const join = useJoinBusiness();
  const navigate = useNavigate();
  const [username, setUsername] = useState<string | null>(null);
  const form = useForm({
    initialValues: { first_name: '', last_name: '', password: '' },
    validate: validateBy(rules, (schemas) => schemas.joinFormSchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.registration);
  // A link whose role is neither salesperson nor customer makes a member without a role (`user`).
  const isWithoutRole = roleFromInvite(inviteRole) === 'user';

  useEffect(() => {
    if (!username) return;
    // The login page prefills the new username from this state.
    const state: LoginState = { username };
    const timer = setTimeout(() => navigate('/login', { state }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [username, navigate]);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const { data } = await join.mutateAsync({ ...values, role: inviteRole, business_slug: business.slug });
      setUsername(data.user.username);
    }),
  );

  if (username) {
    return (
      <AuthCard title={MESSAGES.team.registrationSuccessful}>
        <Stack gap="xs" role="status">
          <Text>Your username is</Text>
          <Text fw={800} fz={28} ta="center" data-testid="new-username" style={{ overflowWrap: 'anywhere' }}>
            {username}
          </Text>
          <Text size="sm" c="dimmed">
            Write it down: you log in with it and your password once the business owner activates your account.
          </Text>
          <Alert color="teal" variant="light">
            {TEAM_MESSAGES.ownerTold(business.name)}
          </Alert>
          {isWithoutRole && (
            <Text size="sm" c="dimmed">
              The owner of {business.name} will also choose your role.
            </Text>
          )}
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join as ${ROLE_LABELS[roleFromInvite(inviteRole)]}`} subtitle={`Business: ${business.name}`}>
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          {isWithoutRole && <Alert color="yellow">{TEAM_MESSAGES.inviteWithoutRole}</Alert>}
          <TextInput label="First Name" withAsterisk autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Last Name" withAsterisk autoComplete="family-name" {...form.getInputProps('last_name')} />
          <PasswordInput
            label="Password"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <FormFailure message={failure.message} />
          <Button type="submit" size="md" loading={join.isPending} fullWidth>
            Register
          </Button>
          <LogInInstead />
        </Stack>
      </form>
    </AuthCard>
  );
}
