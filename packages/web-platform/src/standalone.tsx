import { colors, Container, fontSizes, GlobalStyles, Skeleton, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
// From the package itself, not its files: the remote's pages and these providers must use the one
// web-platform the share scope gives them (the remote's own copy, when it runs on its own).
import {
  BrowserRouter,
  createQueryClient,
  Link,
  mountRoot,
  PlatformProviders,
  Route,
  Routes,
} from '@b2g/web-platform';

export interface StandaloneRoute {
  path: string;
  Page: ComponentType | LazyExoticComponent<ComponentType>;
}

export interface StandaloneAppProps {
  /** The remote's name, shown in the development bar. */
  name: string;
  routes: readonly StandaloneRoute[];
}

/**
 * A remote running on its own (its dev server): the providers the shell would give it, a bar of
 * links to its pages and its routes. Never part of the page the shell serves, hence a subpath
 * (`@b2g/web-platform/standalone`) outside the shared module every page loads.
 */
export function StandaloneApp({ name, routes }: StandaloneAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <PlatformProviders queryClient={queryClient}>
        <GlobalStyles />
        <nav
          aria-label={`${name} remote pages`}
          css={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: space[3],
            padding: `${space[2]} ${space[4]}`,
            background: colors.foreground,
            color: colors.background,
            fontSize: fontSizes.sm,
            '& a': { color: colors.background },
          })}
        >
          <strong>{name} (standalone)</strong>
          {routes.map(({ path }) => (
            <Link key={path} to={path}>
              {path}
            </Link>
          ))}
        </nav>
        <Suspense
          fallback={
            <Container>
              <Skeleton css={css({ height: '160px', marginTop: space[10] })} />
            </Container>
          }
        >
          <Routes>
            {routes.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<Container>Not part of the {name} remote.</Container>} />
          </Routes>
        </Suspense>
      </PlatformProviders>
    </BrowserRouter>
  );
}

/** A remote's standalone entry: renders its StandaloneApp into the #root of its dev page. */
export function mountStandaloneApp(props: StandaloneAppProps): void {
  mountRoot(<StandaloneApp {...props} />);
}
