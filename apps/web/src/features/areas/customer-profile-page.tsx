import { useCurrentUser } from '../auth/session';
import { useBusinessContext } from '../businesses/business-context';
import { memberRows, ProfileDetails } from './profile-details';

/** /{slug}/customer/profile. */
export default function CustomerProfilePage() {
  return <ProfileDetails title="My Profile" rows={memberRows(useCurrentUser(), useBusinessContext())} />;
}
