/**
 * The signed-in frame: project picker, the Test/Live switch (always visible; the environment is in the URL),
 * navigation, the user and sign-out. Nothing below renders without a session.
 */
import { getRouteApi, Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { Loading } from '../../components/ui/loading';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useApi } from '../../lib/api-context';
import { ENVIRONMENTS, type Env, isEnv } from '../../lib/environment';
import { ProjectProvider, useProject } from '../../lib/project';
import { type Session, SessionProvider, useSessionQuery } from '../../lib/session';
import { NotFoundPage } from './not-found';

const route = getRouteApi('/$env');

/** The router's location, whether or not it still carries the /app base. */
function withoutBase(path: string): string {
  return path.replace(/^\/app(?=\/|$)/, '');
}

export function Shell() {
  const api = useApi();
  const session = useSessionQuery(api);
  const { env } = route.useParams();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.error) return <ErrorMessage error={session.error} />;
  if (!session.data) return <RedirectToSignIn next={`/app${withoutBase(location.href)}`} />;
  if (!isEnv(env)) return <NotFoundPage />;
  return (
    <SessionProvider session={session.data}>
      <ProjectProvider projects={session.data.projects}>
        <div className={`shell env-${env}`}>
          <TopBar session={session.data} env={env} />
          <main className="content">
            <Outlet />
          </main>
        </div>
      </ProjectProvider>
    </SessionProvider>
  );
}

/** Once, to the sign-in page, remembering where the user was going. */
function RedirectToSignIn({ next }: { next: string }) {
  const router = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one redirect per visit; later renders must not start another
  useEffect(() => {
    void router.navigate({ to: '/sign-in', search: { next }, replace: true });
  }, []);
  return <Loading />;
}

function TopBar({ session, env }: { session: Session; env: Env }) {
  const signOut = useSignOut();
  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Quality Monitor</span>
      </div>
      <ProjectPicker projects={session.projects} />
      <EnvSwitch env={env} />
      <nav className="nav" aria-label="Main">
        <Link to="/$env/home" params={{ env }} activeProps={{ className: 'active' }}>
          Home
        </Link>
        <Link to="/$env/conversations" params={{ env }} activeProps={{ className: 'active' }}>
          Conversations
        </Link>
        <Link to="/$env/checks" params={{ env }} activeProps={{ className: 'active' }}>
          Checks
        </Link>
        <Link to="/$env/agents" params={{ env }} activeProps={{ className: 'active' }}>
          Agents
        </Link>
        <Link to="/$env/groups" params={{ env }} activeProps={{ className: 'active' }}>
          Groups
        </Link>
        <Link to="/$env/developers" params={{ env }} activeProps={{ className: 'active' }}>
          Developers
        </Link>
        <Link to="/$env/settings" params={{ env }} activeProps={{ className: 'active' }}>
          Settings
        </Link>
      </nav>
      <span className="spacer" />
      <div className="user" data-testid="signed-in-user">
        <span className="user-name">{session.user.name}</span>
        <span className="user-role">{session.user.role}</span>
      </div>
      <Button
        variant="ghost"
        busy={signOut.isPending}
        // A full page load: nothing of the signed-in session stays in this page's memory.
        onClick={() => signOut.mutate(undefined, { onSuccess: () => window.location.assign('/app/sign-in') })}
      >
        Sign out
      </Button>
    </header>
  );
}

function ProjectPicker({ projects }: { projects: Session['projects'] }) {
  const { projectId, setProjectId } = useProject();
  return (
    <label className="project-picker">
      <span className="visually-hidden">Project</span>
      <select value={projectId} onChange={(e) => setProjectId(e.target.value)} aria-label="Project">
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Switching keeps the page (list, Developers, Settings) but not a conversation: its id lives in one environment. */
function EnvSwitch({ env }: { env: Env }) {
  const location = useLocation();
  const section = withoutBase(location.pathname).split('/').filter(Boolean)[1] ?? 'conversations';
  // A list page is kept (a check, agent or group page goes to its list: the other environment has its own).
  const kept = ['developers', 'settings', 'home', 'checks', 'agents', 'groups'] as const;
  const page = (kept as readonly string[]).includes(section) ? (section as (typeof kept)[number]) : 'conversations';
  return (
    <fieldset className="env-switch bare" aria-label="Environment">
      {ENVIRONMENTS.map((target) => (
        <Link
          key={target}
          to={`/$env/${page}`}
          params={{ env: target }}
          className={`env-option env-option-${target}${target === env ? ' active' : ''}`}
          aria-current={target === env ? 'true' : undefined}
          data-testid={`env-${target}`}
        >
          {target === 'test' ? 'Test' : 'Live'}
        </Link>
      ))}
    </fieldset>
  );
}
