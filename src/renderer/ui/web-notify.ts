// Browser mode only: the web Notification API, used only after the analyst opts in (and the
// browser grants permission). Electron notifies natively from main instead.
import { notificationText } from '../../shared/service-text';

const KEY = 'firmscope.esg.webNotifications';

export function webNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function webNotificationsEnabled(): boolean {
  if (!webNotificationsSupported() || Notification.permission !== 'granted') return false;
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Asks for permission when turning on; returns whether notifications are now on. */
export async function setWebNotifications(on: boolean): Promise<boolean> {
  if (!webNotificationsSupported()) return false;
  let granted = Notification.permission === 'granted';
  if (on && !granted) granted = (await Notification.requestPermission()) === 'granted';
  const enabled = on && granted;
  try {
    window.localStorage.setItem(KEY, enabled ? '1' : '0');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  return enabled;
}

export function showWebNotification(title: string, body: string): void {
  if (!webNotificationsEnabled()) return;
  // Titles carry service text (company names): one line, no bidi controls, bounded.
  const shown = notificationText(title, body);
  try {
    new Notification(shown.title, { body: shown.body });
  } catch {
    // Some browsers only allow notifications from a service worker; the in-app notice still shows.
  }
}
