import { ROLE_LABELS } from '@oja/contract';
import { formatDate, fullName } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { useBusinessContext } from '../businesses/business-context';
import { ProfileDetails } from './profile-details';

/** /{slug}/employee/profile. */
export default function EmployeeProfilePage() {
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
        ['Joined', formatDate(user.date_joined)],
        ['Trial expires', business.free_trial ? formatDate(business.trial_expiration_date) : 'N/A'],
      ]}
    />
  );
}
