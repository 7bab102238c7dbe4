import { PageHeading } from './PageHeading.js';

export default function EmailSetupPage() {
  return <PageHeading title="Email DNS Setup" />;
}
