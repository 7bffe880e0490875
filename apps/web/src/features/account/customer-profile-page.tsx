import { useBusinessContext } from '../../shell/business-context';
import { useCurrentUser } from '../auth/session';
import { memberRows, ProfileDetails } from './profile-details';

/** /{slug}/customer/profile. */
export default function CustomerProfilePage() {
  return <ProfileDetails title="My Profile" rows={memberRows(useCurrentUser(), useBusinessContext())} />;
}
