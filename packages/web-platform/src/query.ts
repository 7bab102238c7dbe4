// The react-query pieces the frontends use, and only those, like the router (router.ts).
// @tanstack/react-query itself is not shared: as a shared module every export of it is kept
// (suspense queries, useQueries, hydration and the rest the app does not use). Re-exported from
// web-platform, which is shared, only these and what web-platform itself uses (QueryClient,
// QueryClientProvider) stay in the shared chunk, and every bundle still reads the one query
// client. Import them from '@b2g/web-platform'; add a piece here when a page needs it.
export { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type { QueryClient } from '@tanstack/react-query';
