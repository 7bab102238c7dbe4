import { PageHeading } from './PageHeading.js';

export default function ProfilePage() {
  return <PageHeading title="Profile" />;
}
