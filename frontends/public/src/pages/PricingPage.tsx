import { PageHeading } from './PageHeading.js';

export default function PricingPage() {
  return <PageHeading title="Pricing" />;
}
