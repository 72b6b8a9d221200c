import { isIP } from 'node:net';

/** Which requests a local server (the studio, the sandbox) answers. */
export interface LocalRequestGuardOptions {
  /**
   * Host names answered besides `localhost`, `*.localhost` and IP addresses. A name starting with a
   * dot also allows its subdomains (`.example.test`: `example.test`, `a.example.test`).
   */
  readonly allowedHosts?: readonly string[];
  /** The port the server listens on: an `Origin` must be on it. */
  readonly port: number;
  /** The server's name and flag in messages, e.g. `this studio` and `--allowed-host`. */
  readonly subject: string;
  readonly flag: string;
}

/**
 * Why a request to a local server is refused (403), or undefined when it is answered: its `Host`
 * is a name the server was not told about, or its `Origin` is another page than the server's own.
 * A page on another site whose DNS name is rebound to 127.0.0.1 sends its own name as `Host` and
 * `Origin`; IP addresses cannot be rebound, so they are answered (as Vite does), and a request
 * without `Origin` comes from a script or a navigation, never from another site's page.
 *
 * @example
 * localRequestRefusal({ host: 'attacker.example' }, { port: 4010, subject: 'this sandbox', flag: '--allowed-host' })
 * // 'Host "attacker.example" is not a name this sandbox answers to …'
 */
export function localRequestRefusal(
  headers: { readonly host?: string | undefined; readonly origin?: string | undefined },
  options: LocalRequestGuardOptions,
): string | undefined {
  const allowed = options.allowedHosts ?? [];
  if (headers.host !== undefined) {
    const name = hostName(`http://${headers.host}`);
    if (name === undefined || !isAllowedHost(name, allowed)) {
      return (
        `Host ${quote(headers.host)} is not a name ${options.subject} answers to (localhost, *.localhost, ` +
        `IP addresses${allowed.length > 0 ? `, ${allowed.join(', ')}` : ''}); if you reach it by that name, ` +
        `start it with ${options.flag} ${name ?? 'NAME'}`
      );
    }
  }
  if (headers.origin !== undefined) {
    let origin: URL | undefined;
    try {
      origin = new URL(headers.origin);
    } catch {
      origin = undefined;
    }
    const name = origin === undefined ? undefined : hostName(origin.href);
    const port = origin === undefined ? NaN : Number(origin.port || (origin.protocol === 'https:' ? 443 : 80));
    if (origin?.protocol !== 'http:' || name === undefined || !isAllowedHost(name, allowed) || port !== options.port) {
      return `Origin ${quote(headers.origin)} is another site than ${options.subject}'s own pages; it answers scripts and its own pages only`;
    }
  }
  return undefined;
}

/** The host name of a URL, lower case, without brackets or a trailing dot; undefined when it has none. */
function hostName(url: string): string | undefined {
  try {
    const name = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    return name === '' ? undefined : name.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

function isAllowedHost(name: string, allowed: readonly string[]): boolean {
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0) return true;
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase().replace(/\.$/, '');
    if (!wanted.startsWith('.')) return name === wanted;
    return name === wanted.slice(1) || name.endsWith(wanted);
  });
}

/** A header value in a message: quoted, and cut short, since it comes from whoever sent it. */
function quote(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
}
