// Finished files offered for download in browser mode: each under an unguessable path of its own,
// served only to a signed-in page (host.ts checks the session first). Apart from the host so the
// path scheme and the response headers read in one place.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename } from 'node:path';

export const DOWNLOAD_PREFIX = '/__firmscope/downloads/';

export interface Downloads {
  /** Makes one finished file downloadable under an unguessable path; returns that path. */
  register(filePath: string): string;
  /** Serves the file of a download path; false (nothing written) when there is none. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
}

export function createDownloads(headers: Record<string, string>): Downloads {
  const files = new Map<string, string>();
  return {
    register(filePath) {
      const id = randomBytes(16).toString('hex');
      files.set(id, filePath);
      return `${DOWNLOAD_PREFIX}${id}/${encodeURIComponent(basename(filePath))}`;
    },
    async serve(req, res, pathname) {
      const [id = ''] = pathname.slice(DOWNLOAD_PREFIX.length).split('/');
      const file = files.get(id);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) return false;
      // The saved name is the file's own, with anything a header could misread replaced.
      const name = basename(file).replace(/[^\w.() -]/g, '_');
      res.writeHead(200, {
        ...headers,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(info.size),
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'no-store',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return true;
    },
  };
}
