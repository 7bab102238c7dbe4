import { PageHeading } from './PageHeading.js';

export default function LandingPage() {
  return <PageHeading title="Launching in 2026" />;
}
