import { PageHeading } from './PageHeading.js';

export default function HomePage() {
  return <PageHeading title="Find Your Next B2G Role" />;
}
