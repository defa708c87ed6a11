import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AcceptInvitationForm } from '../../features/auth/components/accept-invitation-form';
import { AuthLayout } from './auth-layout';

const route = getRouteApi('/invite/$token');

export function InvitePage() {
  const { token } = route.useParams();
  const navigate = useNavigate();
  return (
    <AuthLayout title="Welcome">
      <AcceptInvitationForm
        token={token}
        onAccepted={() => navigate({ to: '/$env/conversations', params: { env: 'test' } })}
      />
    </AuthLayout>
  );
}
