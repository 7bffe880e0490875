import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { useCurrentUser } from '../auth/session';
import { memberRows, ProfileDetails } from './profile-details';

/** /{slug}/employee/profile. */
export default function EmployeeProfilePage() {
  const user = useCurrentUser();
  const member = useBusinessContext();
  const { business } = member;
  return (
    <ProfileDetails
      title="My Profile"
      rows={[
        ...memberRows(user, member),
        ['Joined', formatDate(user.date_joined)],
        ['Trial expires', business.free_trial ? formatDate(business.trial_expiration_date) : 'N/A'],
      ]}
    />
  );
}
