// The requests notification tests make as members, against a test server started in `beforeAll`
// (hence the getter): JSON calls, posting, liking, and reading one's notifications.
import type { NotificationPage } from '../../src/shared/notifications';
import type { Member } from './accounts';
import { callJson, type HttpMethod, okJson, type TestServer } from './test-server';

export function memberCalls(server: () => TestServer) {
  const call = (member: Member | null, method: HttpMethod, path: string, body?: unknown) =>
    callJson(server(), method, path, member?.cookie, body);
  const ok = (member: Member, method: HttpMethod, path: string, body?: unknown) =>
    okJson(server(), method, path, member.cookie, body);
  return {
    call,
    ok,
    post: async (member: Member, content: string, isAnonymous = false) =>
      (await ok(member, 'POST', '/api/posts', { content, isAnonymous })).id as string,
    like: (member: Member, id: string) => ok(member, 'PUT', `/api/posts/${id}/like`),
    unlike: (member: Member, id: string) => ok(member, 'DELETE', `/api/posts/${id}/like`),
    listOf: async (member: Member) => (await ok(member, 'GET', '/api/notifications')) as NotificationPage,
    unreadOf: async (member: Member) =>
      ((await ok(member, 'GET', '/api/notifications/unread')) as { unread: number }).unread,
  };
}
