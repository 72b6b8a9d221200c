/**
 * `startStudio`: the local web server of `vsynth studio`. It serves the page, `/state.json`, `/events`
 * (server-sent events carrying each new version), the storyboard PNGs and source lines, and rebuilds on
 * every save of the video, its local modules, props or data. A user error never stops it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { localRequestRefusal, omitUndefined, parseJsonText } from '@vsynth/core';
import { propsFileText } from '@vsynth/jsx-runtime';
import { localImports } from './local-imports.js';
import { readJsonRequest, StudioRequestError } from './read-json-request.js';
import { StudioBuilds, type BuildRecord } from './studio-builds.js';
import { STUDIO_PAGE } from './studio-page.js';
import { studioState } from './studio-state.js';
import { shown } from './to-problem.js';
import { watchFiles } from './watch-files.js';

export interface StartStudioOptions {
  /** The `.tsx` video, or TSX template with `data`. One of `file` and `template`. */
  readonly file?: string;
  /** A Handlebars payload template (`.json`), bound to the rows of `data`. */
  readonly template?: string;
  /** JSON file with the props of a component export. */
  readonly props?: string;
  /** Rows (`.csv`, `.tsv`, `.json`, `.ndjson`, `.jsonl`). */
  readonly data?: string;
  /** Default 0 (a free port). */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /**
   * Host names the studio answers besides `localhost`, `*.localhost` and IP addresses (`.name`
   * allows its subdomains too). Other `Host`s and other sites' `Origin`s are answered 403.
   */
  readonly allowedHosts?: readonly string[];
  /** Directory relative paths are resolved against and shown relative to. */
  readonly cwd?: string;
  /** Wait after a save before rebuilding, so one save of several files rebuilds once. Default 30 ms. */
  readonly debounceMs?: number;
  /** Called after each rebuild with its version (e.g. to log it). */
  readonly onRebuild?: (event: { readonly version: number; readonly ok: boolean }) => void;
}

/** A running studio. */
export interface Studio {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** Files watched right now, absolute. */
  watched(): readonly string[];
  close(): Promise<void>;
}

/**
 * Builds the sources once, then serves and watches them.
 *
 * @example
 * const studio = await startStudio({ file: 'examples/promo.tsx', port: 0 });
 * console.log(studio.url); // open it in a browser
 * await studio.close();
 */
export async function startStudio(options: StartStudioOptions): Promise<Studio> {
  const cwd = options.cwd ?? process.cwd();
  const abs = (file: string | undefined): string | undefined =>
    file === undefined ? undefined : path.resolve(cwd, file);
  const main = abs(options.file) ?? abs(options.template);
  if (main === undefined) throw new Error('startStudio needs a file or a template');
  const shownFile = options.file ?? options.template ?? main;
  const props = abs(options.props);
  const data = abs(options.data);
  const builds = new StudioBuilds({
    cwd,
    ...(options.file !== undefined && { file: main }),
    ...(options.template !== undefined && { template: main }),
    ...omitUndefined({ props, data }),
  });
  const clients = new Set<ServerResponse>();
  // The row a save rebuilds first: the one last asked for. Each page names its row; this is only a guess.
  let rowToPrebuild = 1;
  let watched = new Set<string>();

  let timer: NodeJS.Timeout | undefined;
  const watcher = watchFiles(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild().catch(() => undefined), options.debounceMs ?? 30);
  });
  const updateWatched = async (): Promise<void> => {
    const propsFile = builds.propsFile;
    const next = new Set<string>([main, ...(propsFile ? [propsFile] : []), ...(data ? [data] : [])]);
    if (options.file !== undefined) for (const file of await localImports(main)) next.add(file);
    watched = next;
    watcher.set(next);
  };

  const broadcast = (event: { version: number; ok: boolean }): void => {
    const text = `id: ${event.version}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const client of clients) client.write(text);
  };

  // The page asks for the images right after the event: start drawing them already, in order.
  const predraw = (record: BuildRecord): void => {
    const count = record.images?.durations.length ?? 0;
    let index = 0;
    const next = (): void => {
      if (index >= count) return;
      const png = record.images?.image(index++);
      void png?.then(
        () => setImmediate(next),
        () => setImmediate(next),
      );
    };
    setImmediate(next);
  };

  // The rebuild running now; a save meanwhile marks it dirty and waits for the pass that follows.
  let running: Promise<void> | undefined;
  let dirty = false;
  const rebuild = (): Promise<void> => {
    if (running !== undefined) {
      dirty = true;
      return running;
    }
    const loop = async (): Promise<void> => {
      do {
        dirty = false;
        const version = builds.bump();
        const record = await builds.get(rowToPrebuild);
        if (record.version === version) {
          broadcast({ version, ok: record.outcome.ok });
          predraw(record);
          options.onRebuild?.({ version, ok: record.outcome.ok });
        }
        await updateWatched().catch(() => undefined);
      } while (dirty);
    };
    running = loop().finally(() => {
      running = undefined;
    });
    return running;
  };

  // With rows the panel's edits are a preview: the rows live in the data file.
  const defaultPropsFile = `${main.replace(/\.[cm]?[jt]sx?$/, '')}.props.json`;
  const saveTo = (): string | null =>
    data !== undefined || options.file === undefined ? null : shown(builds.propsFile ?? defaultPropsFile, cwd);
  const stateOf = async (row: number) => {
    const record = await builds.get(row);
    const edited = builds.edit(row) !== undefined;
    return studioState(record, builds.lastGood(record.row), shownFile, { edited, saveTo: saveTo() });
  };

  /** `POST /props {"row": N, "props": {…}}`: the panel's props; rebuilt as a save is, answered with the state. */
  const editProps = async (body: Record<string, unknown>) => {
    const { row = 1, props } = body;
    if (typeof row !== 'number' || !Number.isInteger(row) || row < 1) {
      throw new StudioRequestError(400, `row must be a data row number 1, 2, …; got ${JSON.stringify(row)}`);
    }
    if (typeof props !== 'object' || props === null || Array.isArray(props)) {
      throw new StudioRequestError(400, 'props must be a JSON object: the props of the video');
    }
    if (options.file === undefined) throw new StudioRequestError(409, 'a payload template has no props to edit');
    builds.setEdit(row, props as Record<string, unknown>);
    rowToPrebuild = row;
    await rebuild();
    return stateOf(row);
  };

  /** `POST /props/save`: writes the panel's props to the props file, editing only what changed. */
  const saveProps = async () => {
    const target = saveTo();
    if (target === null) {
      throw new StudioRequestError(409, 'with --data the props come from the rows: edit them in the data file');
    }
    const props = builds.edit(1);
    if (props === undefined) return { saved: target, changed: false };
    const record = await builds.get(1);
    const refused = record.outcome.problems.filter((problem) => problem.prop !== undefined);
    if (refused.length > 0) {
      const reasons = refused.map((problem) => problem.message).join('; ');
      throw new StudioRequestError(422, `the props are not saved: ${reasons}`);
    }
    const file = builds.propsFile ?? defaultPropsFile;
    if (builds.propsFile === undefined) {
      try {
        await writeFile(file, propsFileText(undefined, props), { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        throw new StudioRequestError(
          409,
          `${target} already exists; start the studio with --props ${target} to edit it, or move it away`,
        );
      }
      builds.usePropsFile(file);
    } else {
      const text = await readFile(file, 'utf8');
      try {
        parseJsonText(text, { source: target });
      } catch (error) {
        // Edits placed in a file that does not parse could land anywhere: the user fixes it first.
        const reason = (error as Error).message;
        throw new StudioRequestError(409, `the props are not saved: ${reason}`);
      }
      await writeFile(file, propsFileText(text, props));
    }
    builds.setEdit(1, undefined);
    await rebuild();
    return { saved: target, changed: true };
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) response.end();
      else sendJson(response, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://studio.local');
    const refusal = localRequestRefusal(request.headers, {
      port: (server.address() as AddressInfo).port,
      subject: 'this studio',
      flag: '--allowed-host',
      ...omitUndefined({ allowedHosts: options.allowedHosts }),
    });
    if (refusal !== undefined) return sendJson(response, 403, { error: refusal });
    if (request.method === 'POST' && (url.pathname === '/props' || url.pathname === '/props/save')) {
      try {
        const body = await readJsonRequest(request);
        if (url.pathname === '/props') return sendJson(response, 200, await editProps(body));
        return sendJson(response, 200, await saveProps());
      } catch (error) {
        if (!(error instanceof StudioRequestError)) throw error;
        response.setHeader('connection', 'close');
        return sendJson(response, error.status, { error: error.message });
      }
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const error = `${request.method ?? ''} is not supported; the studio answers GET, and POST to /props and /props/save`;
      return sendJson(response, 405, { error });
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(STUDIO_PAGE);
      return;
    }
    if (url.pathname === '/state.json') {
      // Each page asks for its own row: reading one never changes what another viewer sees.
      const rowText = url.searchParams.get('row') ?? '1';
      if (!/^[1-9]\d*$/.test(rowText)) {
        return sendJson(response, 400, { error: `row must be a data row number 1, 2, …; got "${rowText}"` });
      }
      rowToPrebuild = Number(rowText);
      return sendJson(response, 200, await stateOf(rowToPrebuild));
    }
    if (url.pathname === '/events') {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(`retry: 1000\nid: ${builds.version}\ndata: ${JSON.stringify({ version: builds.version })}\n\n`);
      clients.add(response);
      const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
      request.on('close', () => {
        clearInterval(keepAlive);
        clients.delete(response);
      });
      return;
    }
    const scene = /^\/scene\/([\w-]+)\/(\d+)\.png$/.exec(url.pathname);
    if (scene !== null) {
      const record = await builds.byId(scene[1] ?? '');
      const png = record?.images?.image(Number(scene[2]));
      if (png === undefined) {
        const error = `no scene image ${url.pathname}: it belongs to a build the studio no longer keeps; reload /state.json`;
        return sendJson(response, 404, { error });
      }
      const bytes = await png;
      response.writeHead(200, {
        'content-type': 'image/png',
        'content-length': bytes.length,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      response.end(bytes);
      return;
    }
    if (url.pathname === '/source') {
      const file = url.searchParams.get('file') ?? '';
      const line = Number(url.searchParams.get('line') ?? '0');
      const absolute = path.resolve(cwd, file);
      // Only the files of this video: the studio never serves anything else from the disk.
      if (!watched.has(absolute)) {
        return sendJson(response, 404, { error: `${file} is not one of the files this studio watches` });
      }
      const lines = (await readFile(absolute, 'utf8')).split(/\r?\n/);
      const from = Math.max(1, line - 3);
      const to = Math.min(lines.length, Math.max(line, 1) + 3);
      const shown = [];
      for (let number = from; number <= to; number++) shown.push({ number, text: lines[number - 1] ?? '' });
      return sendJson(response, 200, { file, line, lines: shown });
    }
    sendJson(response, 404, { error: `nothing at ${url.pathname}; try / or /state.json` });
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    await builds.get(rowToPrebuild);
    await updateWatched();
  } catch (error) {
    watcher.close();
    builds.close();
    server.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/`,
    watched: () => [...watched],
    async close() {
      clearTimeout(timer);
      watcher.close();
      builds.close();
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(text);
}
