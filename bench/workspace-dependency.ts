/**
 * Loads a library a workspace package depends on (ky, handlebars, csv-parse) for the benches'
 * bare baselines: the root manifest does not list them, so they resolve from that package.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The module `name` as `packages/<workspacePackage>` resolves it; a CommonJS module's exports
 * are its `default`. Callers describe the little of its API they use.
 *
 * @example const { default: ky } = await importDependency<{ default: KyLike }>('core', 'ky');
 */
export async function importDependency<T>(workspacePackage: string, name: string): Promise<T> {
  const require = createRequire(new URL(`../packages/${workspacePackage}/package.json`, import.meta.url));
  return (await import(pathToFileURL(require.resolve(name)).href)) as T;
}
