/**
 * Starts Verdaccio on 127.0.0.1 and a free port, prints `{"url"}` on its first stdout line, and
 * runs until killed. `@vsynth/*` and `create-vsynth` come only from its storage (what was
 * published to it); every other package is proxied to the upstream registry.
 *
 *   node serve-verdaccio.mjs <work dir> <upstream registry URL>
 */
import path from 'node:path';
import { runServer } from 'verdaccio';

const [work, upstream] = process.argv.slice(2);
if (work === undefined || upstream === undefined) {
  process.stderr.write('usage: node serve-verdaccio.mjs <work dir> <upstream registry URL>\n');
  process.exit(2);
}
const local = { access: '$all', publish: '$authenticated', unpublish: '$authenticated' };
const server = await runServer({
  self_path: work,
  config_path: path.join(work, 'config.yaml'),
  storage: path.join(work, 'storage'),
  auth: { htpasswd: { file: path.join(work, 'htpasswd'), max_users: 1 } },
  uplinks: { upstream: { url: upstream, timeout: '60s', max_fails: 5, fail_timeout: '1m' } },
  packages: {
    '@vsynth/*': local,
    'create-vsynth': local,
    '**': { access: '$all', publish: '$authenticated', proxy: 'upstream' },
  },
  max_body_size: '100mb',
  web: { enable: false },
  log: { type: 'stdout', format: 'pretty', level: 'error' },
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/` })}\n`);
});
