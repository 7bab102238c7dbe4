import { companyPagePath } from '@b2g/contracts';
import { Link } from '@b2g/web-platform';

/**
 * A job's company name, linked to the company's page when the name gives one. Styled as every
 * link (underlined, the primary colour): nothing more is loaded with the /jobs cards.
 */
export function CompanyName({ company, className }: { company: string; className?: string }) {
  const path = companyPagePath(company);
  return path ? (
    <Link to={path} className={className}>
      {company}
    </Link>
  ) : (
    <>{company}</>
  );
}
