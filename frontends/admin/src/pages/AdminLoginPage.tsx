import { PageHeading } from './PageHeading.js';

export default function AdminLoginPage() {
  return <PageHeading title="Admin Login" />;
}
