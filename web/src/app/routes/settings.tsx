import { PageHeader } from '../../components/ui/page-header';
import { JudgeSettingsPanel } from '../../features/judge/components/judge-settings-panel';
import { MembersPanel } from '../../features/settings/components/members-panel';
import { PasswordForm } from '../../features/settings/components/password-form';
import { WorkspaceForm } from '../../features/settings/components/workspace-form';
import { useProject } from '../../lib/project';
import { may, useSession } from '../../lib/session';

export function SettingsPage() {
  const { user, workspace } = useSession();
  const { projectId } = useProject();
  return (
    <>
      <PageHeader title="Settings" />
      <div className="stack-lg">
        <WorkspaceForm key={workspace.timezone} workspace={workspace} canOwn={may(user.role, 'own')} />
        <MembersPanel currentUserId={user.id} canManage={may(user.role, 'manage')} canOwn={may(user.role, 'own')} />
        <JudgeSettingsPanel projectId={projectId} canManage={may(user.role, 'manage')} />
        <PasswordForm />
      </div>
    </>
  );
}
