/** `cqm users create|invite|reset-password|list`: people who sign in to the application, from a shell. */
import { type Command, Option } from 'commander';
import { invitationUrl } from '../../app-api/views.js';
import { generatePassword, passwordProblem } from '../../domain/passwords.js';
import { USER_ROLES, type UserRole } from '../../domain/roles.js';
import { createInvitationsRepo } from '../../storage/invitations-repo.js';
import { createUsersRepo, normalizeEmail } from '../../storage/users-repo.js';
import {
  emit,
  emitList,
  type Output,
  resolveWorkspace,
  type Settings,
  table,
  UsageError,
  withStore,
} from './shared.js';

/** The password from standard input (its first line), so it never shows in `ps` or the shell's history. */
async function passwordFromStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk.toString();
  const password = text.split(/\r?\n/)[0] ?? '';
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(`The password ${problem}.`);
  return password;
}

function roleOption(defaultRole?: UserRole): Option {
  const option = new Option('--role <role>', 'what the user may do').choices(USER_ROLES);
  return defaultRole ? option.default(defaultRole) : option.makeOptionMandatory();
}

function emailProblem(email: string): string | null {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? null : `${email} is not an email address.`;
}

export function registerUserCommands(program: Command, settings: Settings): void {
  const users = program.command('users').description('manage the people who sign in to the application');

  users
    .command('create')
    .description('create a user with a password (generated and shown once unless --password-stdin)')
    .requiredOption('--email <address>', 'the address they sign in with')
    .requiredOption('--name <name>', 'their name, as the application shows it')
    .addOption(roleOption())
    .option('--workspace <id>', 'workspace (default: the only one)')
    .option('--password-stdin', 'read the password from standard input instead of generating one')
    .option('--json', 'print JSON')
    .action(
      async (
        options: Output & { email: string; name: string; role: UserRole; workspace?: string; passwordStdin?: boolean },
      ) => {
        const problem = emailProblem(options.email);
        if (problem) throw new UsageError(problem);
        const password = options.passwordStdin ? await passwordFromStdin() : generatePassword();
        const user = await withStore(settings(), async (store, tenancy) => {
          const workspaceId = await resolveWorkspace(tenancy, options.workspace);
          const created = await createUsersRepo(store).create({
            workspaceId,
            email: options.email,
            name: options.name,
            role: options.role,
            password,
          });
          if (!created) throw new UsageError(`${normalizeEmail(options.email)} already belongs to a user.`);
          return created;
        });
        const shown = options.passwordStdin ? {} : { password };
        emit(
          options,
          `Created ${user.role} ${user.email} (${user.id}).` +
            (options.passwordStdin ? '' : `\nTheir password, shown only once:\n\n    ${password}\n`),
          { ...user, created_at: new Date(user.created_at).toISOString(), ...shown },
        );
      },
    );

  users
    .command('invite')
    .description('make an invitation link (works once, for 24 hours)')
    .addOption(roleOption('member'))
    .option('--email <address>', 'only this address may accept it')
    .option('--workspace <id>', 'workspace (default: the only one)')
    .option('--json', 'print JSON')
    .action(async (options: Output & { role: UserRole; email?: string; workspace?: string }) => {
      if (options.email !== undefined) {
        const problem = emailProblem(options.email);
        if (problem) throw new UsageError(problem);
      }
      const config = settings();
      const invitation = await withStore(config, async (store, tenancy) => {
        const workspaceId = await resolveWorkspace(tenancy, options.workspace);
        return createInvitationsRepo(store, createUsersRepo(store)).create({
          workspaceId,
          kind: 'invite',
          role: options.role,
          email: options.email ?? null,
        });
      });
      const url = invitationUrl(config.publicUrl, invitation.token);
      const expiresAt = new Date(invitation.expires_at).toISOString();
      emit(options, `Invitation (${invitation.role}), good once until ${expiresAt}:\n\n    ${url}\n`, {
        id: invitation.id,
        role: invitation.role,
        email: invitation.email,
        url,
        expires_at: expiresAt,
      });
    });

  users
    .command('reset-password')
    .description("set a user's password (generated and shown once unless --password-stdin); ends their sessions")
    .requiredOption('--email <address>', 'the user')
    .option('--password-stdin', 'read the password from standard input instead of generating one')
    .option('--json', 'print JSON')
    .action(async (options: Output & { email: string; passwordStdin?: boolean }) => {
      const password = options.passwordStdin ? await passwordFromStdin() : generatePassword();
      const user = await withStore(settings(), async (store) => {
        const repo = createUsersRepo(store);
        const found = await repo.findByEmail(options.email);
        if (!found) throw new UsageError(`No user ${normalizeEmail(options.email)}.`);
        await repo.setPassword(null, found.id, password);
        return found;
      });
      emit(
        options,
        `New password for ${user.email}; their sessions have ended.` +
          (options.passwordStdin ? '' : `\nShown only once:\n\n    ${password}\n`),
        { id: user.id, email: user.email, sessions_ended: true, ...(options.passwordStdin ? {} : { password }) },
      );
    });

  users
    .command('list')
    .description("the workspace's people and their roles")
    .option('--workspace <id>', 'workspace (default: the only one)')
    .option('--json', 'print JSON')
    .action(async (options: Output & { workspace?: string }) => {
      const rows = await withStore(settings(), async (store, tenancy) =>
        createUsersRepo(store).list(await resolveWorkspace(tenancy, options.workspace)),
      );
      const human = table(
        ['ID', 'ROLE', 'EMAIL', 'NAME'],
        rows.map((u) => [u.id, u.role, u.email, u.name]),
        'No users.',
      );
      emitList(
        options,
        human,
        rows.map((u) => ({ ...u, created_at: new Date(u.created_at).toISOString() })),
      );
    });
}
