/**
 * Writes one JSON Schema per request kind into packages/core/schemas/ (`pnpm schemas`).
 * `request-json-schemas.test.ts` fails when the committed files differ from what this writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { requestJsonSchemaFiles } from '../src/validate/request-json-schemas.js';

const outDir = fileURLToPath(new URL('../schemas/', import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const [name, text] of Object.entries(requestJsonSchemaFiles())) {
  writeFileSync(`${outDir}${name}`, text);
  process.stderr.write(`wrote packages/core/schemas/${name}\n`);
}
