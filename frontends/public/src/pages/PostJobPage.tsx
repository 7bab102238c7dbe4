import { PageHeading } from './PageHeading.js';

export default function PostJobPage() {
  return <PageHeading title="Post a Job" />;
}
