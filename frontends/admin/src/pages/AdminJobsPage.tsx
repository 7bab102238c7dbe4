import { PageHeading } from './PageHeading.js';

export default function AdminJobsPage() {
  return <PageHeading title="Admin Jobs" />;
}
