// Links that open a place in the desktop app from outside it (a digest e-mail, a Slack or Teams
// message): `firmscope://watches/<watchId>/changes?check=<checkId>&company=<companyId>`. Built by the
// team server, parsed by the app (main's protocol handler or the page): no Node here, only WHATWG URL
// and zod, and parse accepts nothing but the shapes below.
//
//   firmscope://watches/<watchId>/changes                  every change of a team watch
//   firmscope://watches/<watchId>/changes?check=<checkId>  the changes one check found
//     &company=<companyId>                                  ...scrolled to one company's rows
//   firmscope://digests                                     the member's digest subscriptions
import { z } from 'zod';

export const DEEP_LINK_SCHEME = 'firmscope';
export const DEEP_LINK_BASE = `${DEEP_LINK_SCHEME}://`;

/** Team watch ids are UUIDs (the team server's `team_watches.id`). */
const WatchId = z.uuid();
/** A check or company id as the server gives it: letters, digits, `-`, `_`, `.`, `:`, at most 128. */
const OpaqueId = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/);

export const DeepLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('changes'), watchId: WatchId, checkId: OpaqueId.optional(), companyId: OpaqueId.optional() }).strict(),
  z.object({ kind: z.literal('digests') }).strict(),
]);
export type DeepLink = z.infer<typeof DeepLinkSchema>;

/** The link's text. `base` is DEEP_LINK_BASE unless a build of the app registers another scheme. */
export function buildDeepLink(link: DeepLink, base: string = DEEP_LINK_BASE): string {
  const l = DeepLinkSchema.parse(link);
  if (l.kind === 'digests') return `${base}digests`;
  const query = [l.checkId && `check=${encodeURIComponent(l.checkId)}`, l.companyId && `company=${encodeURIComponent(l.companyId)}`].filter(Boolean).join('&');
  return `${base}watches/${l.watchId}/changes${query ? `?${query}` : ''}`;
}

/** The place a link names, or null for anything else (another scheme, path, parameter or a malformed id). */
export function parseDeepLink(text: string): DeepLink | null {
  if (text.length > 1024 || !URL.canParse(text)) return null;
  const u = new URL(text);
  if (u.protocol !== `${DEEP_LINK_SCHEME}:` || u.username || u.password || u.port || u.hash) return null;
  const params = u.search.slice(1).split('&').filter(Boolean).map((p) => p.split('=')[0]!);
  if (u.host === 'digests' && (u.pathname === '' || u.pathname === '/') && params.length === 0) return { kind: 'digests' };
  const m = /^\/([^/]+)\/changes\/?$/.exec(u.pathname);
  if (u.host !== 'watches' || !m) return null;
  // Each parameter at most once, and no other: a link is what buildDeepLink writes, nothing more.
  if (params.some((p, i) => !['check', 'company'].includes(p) || params.indexOf(p) !== i)) return null;
  const opt = (name: string) => u.searchParams.get(name) ?? undefined;
  const parsed = DeepLinkSchema.safeParse({ kind: 'changes', watchId: m[1]!.toLowerCase(), checkId: opt('check'), companyId: opt('company') });
  return parsed.success ? parsed.data : null;
}

/** What a link opens, in words ("This link shows …"): the pages that offer a link say it so. */
export function deepLinkPlaceInWords(l: DeepLink): string {
  if (l.kind === 'digests') return 'your digest subscriptions';
  return l.checkId ? 'the changes one check of a team watch found' : 'the changes of a team watch';
}

/** A link's text as an HTML attribute value (every character that could end or open markup as an entity). */
export const deepLinkAsAttribute = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
