/** Members and invitations. Admins invite (links to copy), change roles and remove; others read. */
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { SecretOnce } from '../../../components/ui/secret-once';
import type { Role } from '../../../lib/session';
import { useTimeFormat } from '../../../lib/time';
import { useCreateInvitation } from '../api/create-invitation';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { ROLES } from '../types';

export function MembersPanel({
  currentUserId,
  canManage,
  canOwn,
}: {
  currentUserId: string;
  canManage: boolean;
  canOwn: boolean;
}) {
  const members = useMembers();
  const invite = useCreateInvitation();
  const cancelInvite = useDeleteInvitation();
  const updateMember = useUpdateMember();
  const removeMember = useRemoveMember();
  const time = useTimeFormat();
  const [role, setRole] = useState<Role>('member');
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const grantable = ROLES.filter((r) => canOwn || r !== 'owner');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { role, ...(email.trim() ? { email: email.trim() } : {}) },
      {
        onSuccess: (created) => {
          setLink(created.url);
          setEmail('');
        },
      },
    );
  };

  if (members.isPending) return <Loading what="Loading members" />;
  if (members.error) return <ErrorMessage error={members.error} />;

  return (
    <section className="panel" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>Since</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {members.data.data.map((member) => (
              <tr key={member.id} data-testid="member-row">
                <td>
                  {member.name}
                  {member.id === currentUserId ? <span className="muted"> (you)</span> : null}
                </td>
                <td>{member.email}</td>
                <td>
                  {canManage && (canOwn || member.role !== 'owner') ? (
                    <select
                      aria-label={`Role of ${member.name}`}
                      value={member.role}
                      onChange={(e) => updateMember.mutate({ id: member.id, role: e.target.value as Role })}
                    >
                      {grantable.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  ) : (
                    member.role
                  )}
                </td>
                <td className="nowrap">{time.dateTime(member.created_at)}</td>
                <td className="actions">
                  {canManage && member.id !== currentUserId && (canOwn || member.role !== 'owner') ? (
                    <ConfirmButton
                      label="Remove"
                      question={`Remove ${member.name}? Their sessions end at once.`}
                      confirmLabel="Remove member"
                      onConfirm={() => removeMember.mutate(member.id)}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorMessage error={updateMember.error ?? removeMember.error} />

      <h3>Invitations</h3>
      {link ? <SecretOnce label="Invitation link (works once)" secret={link} onDone={() => setLink(null)} /> : null}
      {canManage ? (
        <form className="inline-form" onSubmit={submit} aria-label="Invite someone">
          <Field label="Role">
            <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {grantable.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Email (optional)">
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Button type="submit" variant="primary" busy={invite.isPending}>
            Make invitation link
          </Button>
          <ErrorMessage error={invite.error} />
        </form>
      ) : null}
      {members.data.invitations.length === 0 ? (
        <div className="muted small">No open invitations.</div>
      ) : (
        <ul className="plain-list">
          {members.data.invitations.map((pending) => (
            <li key={pending.id}>
              {pending.email ?? 'anyone with the link'} as {pending.role}, expires {time.dateTime(pending.expires_at)}{' '}
              {canManage ? (
                <ConfirmButton
                  label="Cancel invitation"
                  question="Cancel this invitation? Its link stops working."
                  confirmLabel="Cancel it"
                  onConfirm={() => cancelInvite.mutate(pending.id)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={cancelInvite.error} />
    </section>
  );
}
