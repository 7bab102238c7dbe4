import { PageHeading } from './PageHeading.js';

export default function JobsPage() {
  return <PageHeading title="Jobs" />;
}
