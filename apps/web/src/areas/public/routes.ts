// Public routes (docs/product.md §2): the root page (login), public profiles and preview, plus the change-password
// and invitations pages.
import { lazyPage } from '../../app/lazy-page';
import type { RouteDef } from '../../app/route-types';
import { PUBLIC_PAGES } from './texts';
import { INVITATIONS_PATH, PASSWORD_PATH } from './paths';

// Lazy like every page: a logged-in user's first load never downloads the login form (docs/web.md "Bundle budget").
const LoginPage = lazyPage(() => import('./LoginPage'));
const ChangePasswordPage = lazyPage(() => import('./ChangePasswordPage'));
const InvitationsPage = lazyPage(() => import('./InvitationsPage'));
const AgencyProfilePage = lazyPage(() => import('./AgencyProfilePage'));
const QuestionPreviewPublicPage = lazyPage(() => import('./QuestionPreviewPublicPage'));
const TeacherProfilePublicPage = lazyPage(() => import('./TeacherProfilePublicPage'));

export { INVITATIONS_PATH, PASSWORD_PATH };

export const PUBLIC_ROUTES: RouteDef[] = [
  { pattern: '/', area: 'public', layout: 'bare', title: PUBLIC_PAGES['/'], page: LoginPage },
  {
    pattern: PASSWORD_PATH,
    area: 'public',
    layout: 'bare',
    title: PUBLIC_PAGES['/password'],
    page: ChangePasswordPage,
  },
  {
    pattern: INVITATIONS_PATH,
    area: 'public',
    layout: 'public',
    title: PUBLIC_PAGES['/invitations'],
    page: InvitationsPage,
  },
  {
    pattern: '/public/teacher/:id/profile',
    area: 'public',
    layout: 'public',
    title: PUBLIC_PAGES['/public/teacher/:id/profile'],
    page: TeacherProfilePublicPage,
  },
  {
    pattern: '/public/agency/:agencyId/profiles',
    area: 'public',
    layout: 'public',
    title: PUBLIC_PAGES['/public/agency/:agencyId/profiles'],
    page: AgencyProfilePage,
  },
  {
    pattern: '/public/question/preview',
    area: 'public',
    layout: 'public',
    title: PUBLIC_PAGES['/public/question/preview'],
    page: QuestionPreviewPublicPage,
  },
];
