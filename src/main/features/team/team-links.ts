// Deep links (firmscope://watches/<id>/changes?check=…, firmscope://digests) that open a place in the
// app from a digest mail or chat message: handed over by the Electron shell (the OS's protocol
// handler) or the browser-mode host (/open). Only a link parseDeepLink accepts goes on, and only as
// the parsed place, never the text; the latest one also waits until the page asks, so a link that
// started the app before its window loaded is not lost.
import { parseDeepLink, type DeepLink } from '../../../shared/team/deep-link';

export function createTeamLinks(tell: (link: DeepLink) => void) {
  let pending: DeepLink | null = null;
  return {
    /** The place `text` names, told to the page; null (nothing told) for anything parseDeepLink refuses. */
    open(text: string): DeepLink | null {
      const link = parseDeepLink(text);
      if (!link) return null;
      pending = link;
      tell(link);
      return link;
    },
    /** The link waiting for the page, once. */
    take(): DeepLink | null {
      const link = pending;
      pending = null;
      return link;
    },
  };
}
export type TeamLinks = ReturnType<typeof createTeamLinks>;
