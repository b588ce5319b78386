// Just enough of a MIME reader for the tests to read what the SMTP receiver got (no mailparser in
// the project): headers unfolded and their RFC 2047 words decoded, the parts of a multipart body
// with their quoted-printable or base64 decoded.

export interface RawMail {
  headers: Map<string, string>;
  parts: Array<{ type: string; body: string }>;
}

function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  return { headers, body: raw.slice(at + 4) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export function parseRawMail(raw: string): RawMail {
  const { headers, body } = split(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { headers, parts: [{ type: headers.get('content-type') ?? 'text/plain', body: decodeBody(body, headers.get('content-transfer-encoding')) }] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => split(p.replace(/^\r\n/, '')))
    .map((p) => ({ type: (p.headers.get('content-type') ?? '').split(';')[0]!, body: decodeBody(p.body.replace(/\r\n$/, ''), p.headers.get('content-transfer-encoding')) }));
  return { headers, parts };
}
