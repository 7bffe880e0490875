import { ROLE_LABELS } from '@oja/contract';
import { fullName } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { useBusinessContext } from '../businesses/business-context';
import { ProfileDetails } from './profile-details';

/** /{slug}/customer/profile. */
export default function CustomerProfilePage() {
  const user = useCurrentUser();
  const { business, role } = useBusinessContext();
  return (
    <ProfileDetails
      title="My Profile"
      rows={[
        ['Full name', fullName(user)],
        ['Username', user.username],
        ['Email', user.email ?? 'N/A'],
        ['Role', ROLE_LABELS[role]],
        ['Business', business.name],
      ]}
    />
  );
}
