import { PageHeading } from './PageHeading.js';

export default function DashboardPage() {
  return <PageHeading title="Dashboard" />;
}
