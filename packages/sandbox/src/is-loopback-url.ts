/**
 * True when the address names this machine's loopback interface (`localhost`, `*.localhost`,
 * `127.0.0.0/8`, `::1`). The sandbox delivers webhooks only there unless told otherwise.
 *
 * @example isLoopbackUrl('http://127.0.0.1:8080/hook') // true
 */
export function isLoopbackUrl(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
