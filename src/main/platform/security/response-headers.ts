// Response headers for every page the renderer is served with, in both shells.
// The CSP admits only our own files: no inline script or style, no eval, no remote anything.
// `ws://127.0.0.1:*` is the browser-mode bridge socket (port chosen at launch).

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' ws://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/**
 * electron-vite's dev server needs an inline React-refresh preamble and its HMR socket; this
 * relaxed policy is used only when Electron loads the dev server URL (`npm run electron`), never for built files.
 */
export const DEV_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'unsafe-inline'",
)
  .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
  .replace("connect-src 'self' ws://127.0.0.1:*", "connect-src 'self' ws://127.0.0.1:* ws://localhost:*");

export function securityHeaders(csp: string = CONTENT_SECURITY_POLICY): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
  };
}
