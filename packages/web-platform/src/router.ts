// The router pieces the frontends use, and only those. react-router-dom itself is not shared:
// as a shared module every export of it is kept (about 69 KB gzip, most of it data routers and
// server rendering the app does not use). Re-exported from web-platform, which is shared, the
// pieces below are the only ones used, so the build drops the rest from the shared chunk and
// every bundle still uses one router. Import routing from '@b2g/web-platform'; add a piece here
// when a page needs it.
export {
  BrowserRouter,
  Link,
  matchPath,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
