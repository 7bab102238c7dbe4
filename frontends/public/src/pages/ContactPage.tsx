import { PageHeading } from './PageHeading.js';

export default function ContactPage() {
  return <PageHeading title="Contact" />;
}
