import { PageHeader } from '../../components/ui/page-header';
import { MembersPanel } from '../../features/settings/components/members-panel';
import { PasswordForm } from '../../features/settings/components/password-form';
import { WorkspaceForm } from '../../features/settings/components/workspace-form';
import { may, useSession } from '../../lib/session';

export function SettingsPage() {
  const { user, workspace } = useSession();
  return (
    <>
      <PageHeader title="Settings" />
      <div className="stack-lg">
        <WorkspaceForm key={workspace.timezone} workspace={workspace} canOwn={may(user.role, 'own')} />
        <MembersPanel currentUserId={user.id} canManage={may(user.role, 'manage')} canOwn={may(user.role, 'own')} />
        <PasswordForm />
      </div>
    </>
  );
}
