/** What the Checks routes are given beyond AppApiDeps: the reads they need, built once by register.ts. */
import type { ChecksPageReads } from '../../../storage/checks-page.js';
import type { ConversationList } from '../../../storage/conversation-list.js';

export interface ChecksRouteDeps {
  checksPage: ChecksPageReads;
  conversationList: ConversationList;
}
