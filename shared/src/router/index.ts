// The router facade the apps import instead of react-router-dom. Sharing this small module as the federation
// singleton (rather than react-router-dom whole) lets webpack tree-shake the router: docs/toolchain.md measured 62 KB
// gzip for the whole package against about 15 KB for the parts used.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { NavigateFunction } from 'react-router-dom';
