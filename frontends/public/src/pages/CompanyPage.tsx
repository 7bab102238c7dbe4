import type { Company, CompanyPageResponse } from '@b2g/contracts';
import {
  Button,
  Card,
  CardContent,
  colors,
  Container,
  lineHeights,
  mq,
  radii,
  sizes,
  Skeleton,
  space,
} from '@b2g/ui';
import { Link, useDocumentMeta, useParams, useQuery, useQueryClient } from '@b2g/web-platform';
import { css } from '@emotion/react';
import Building2 from 'lucide-react/icons/building-2';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  companyReadPath,
  useCompanyEditor,
  type CompanyEditorKind,
} from '../companies/companyApi.js';
import { JobList } from '../jobs/JobList.js';
import { useBookmarks } from '../jobs/useBookmarks.js';
import {
  FailedRead,
  readPageHeadingStyles,
  readPageStyles,
  sectionTitleStyles,
} from './ReadPage.js';

/** The form (with zod and react-hook-form) loads only for a visitor who may edit. */
const CompanyEditForm = lazy(() => import('../companies/CompanyEditForm.js'));

/** The logo's square, in CSS pixels: the same with a logo, without one and while loading. */
const LOGO_SIZE_PX = 96;
const logoBox = css({
  width: `${LOGO_SIZE_PX}px`,
  height: `${LOGO_SIZE_PX}px`,
  flexShrink: 0,
  borderRadius: radii.lg,
  border: `1px solid ${colors.border}`,
  background: colors.surfaceRaised,
  objectFit: 'contain',
});
const mutedText = css({ color: colors.muted });

function Logo({ company }: { company: Company }) {
  return company.logoUrl ? (
    <img
      src={company.logoUrl}
      alt={`${company.name} logo`}
      width={LOGO_SIZE_PX}
      height={LOGO_SIZE_PX}
      css={logoBox}
    />
  ) : (
    <div
      css={[logoBox, css({ display: 'grid', placeItems: 'center', color: colors.subtle })]}
      aria-hidden="true"
    >
      <Building2 size={LOGO_SIZE_PX / 2} />
    </div>
  );
}

function CompanyJobs({ response }: { response: CompanyPageResponse }) {
  const bookmarks = useBookmarks();
  return (
    <section aria-labelledby="company-jobs" css={css({ display: 'grid', gap: space[4] })}>
      <h2 id="company-jobs" css={sectionTitleStyles}>
        Open jobs at {response.company.name}
      </h2>
      {response.jobs.length === 0 ? (
        <p css={mutedText}>
          No open jobs right now. <Link to="/jobs">Browse all jobs</Link>.
        </p>
      ) : (
        <JobList
          jobs={response.jobs}
          companyLogo={response.company.logoUrl}
          isBookmarked={bookmarks.isBookmarked}
          bookmarkDisabled={bookmarks.isPending}
          onToggleBookmark={bookmarks.toggle}
        />
      )}
    </section>
  );
}

function EditCompany({
  company,
  editor,
  onSaved,
}: {
  company: Company;
  editor: CompanyEditorKind;
  onSaved: (company: Company) => void;
}) {
  const [editing, setEditing] = useState(false);
  if (!editing)
    return (
      <div>
        <Button variant="outline" onClick={() => setEditing(true)}>
          Edit company
        </Button>
      </div>
    );
  return (
    <Card>
      <CardContent css={css({ display: 'grid', gap: space[4], paddingTop: space[6] })}>
        <h2 css={sectionTitleStyles}>Edit company</h2>
        <Suspense fallback={<Skeleton css={css({ height: space[20] })} />}>
          <CompanyEditForm
            company={company}
            editor={editor}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              onSaved(saved);
            }}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}

function CompanyProfile({ response }: { response: CompanyPageResponse }) {
  const { company } = response;
  const editor = useCompanyEditor(company.slug);
  const queryClient = useQueryClient();
  useDocumentMeta(company.name, company.description ?? `Jobs at ${company.name}.`);
  const saved = (next: Company) =>
    queryClient.setQueryData<CompanyPageResponse>([companyReadPath(company.slug)], (current) =>
      current ? { ...current, company: next } : current,
    );
  return (
    <div css={readPageStyles}>
      <header css={css({ display: 'flex', alignItems: 'center', gap: space[4] })}>
        <Logo company={company} />
        <div css={css({ display: 'grid', gap: space[1], minWidth: 0 })}>
          <h1 css={readPageHeadingStyles}>{company.name}</h1>
          {company.website ? (
            <a
              href={company.website}
              target="_blank"
              rel="noopener nofollow"
              css={css({ overflowWrap: 'anywhere' })}
            >
              {company.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          ) : null}
        </div>
      </header>
      {company.description ? (
        <p css={css({ whiteSpace: 'pre-line', lineHeight: lineHeights.relaxed })}>
          {company.description}
        </p>
      ) : null}
      {editor ? <EditCompany company={company} editor={editor} onSaved={saved} /> : null}
      <CompanyJobs response={response} />
    </div>
  );
}

/** /companies/:slug: a company's logo, name, website, description and its open jobs. */
export default function CompanyPage() {
  const { slug = '' } = useParams();
  const query = useQuery<CompanyPageResponse>({ queryKey: [companyReadPath(slug)] });
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div css={readPageStyles} aria-busy="true">
        <div css={css({ display: 'flex', alignItems: 'center', gap: space[4] })}>
          <Skeleton css={logoBox} />
          <Skeleton css={css({ height: space[10], width: '40%' })} />
        </div>
        <Skeleton css={css({ height: space[20] })} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <FailedRead
        error={query.error}
        refetch={query.refetch}
        what="Company"
        notFoundTitle="Company not found"
        notFoundText="This company has no page."
      />
    );
  } else {
    content = <CompanyProfile response={query.data} />;
  }
  return <Container css={css({ [mq.md]: { maxWidth: sizes.readable } })}>{content}</Container>;
}
