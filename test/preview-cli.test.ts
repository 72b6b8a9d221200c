import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePng, loadFontCatalog } from '@vsynth/preview';
import { afterAll, describe, expect, it } from 'vitest';
import { runVsynth, type VsynthRun } from './run-vsynth.js';

const dir = mkdtempSync(join(tmpdir(), 'vsynth-preview-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the real CLI from the repo root, as `pnpm vsynth` does. */
function vsynth(args: string[], env: NodeJS.ProcessEnv = {}): Promise<VsynthRun> {
  return runVsynth(args, { env });
}

// A 2x1 PNG (red, blue) as the scene's image, referenced relative to the payload file.
const PNG_2X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQv8BD/kD/YURmXYAAAAASUVORK5CYII=',
  'base64',
);

describe('vsynth preview', () => {
  it('draws a payload .json to scene PNGs, SVGs and a contact sheet and prints the summary', async () => {
    writeFileSync(join(dir, 'pixels.png'), PNG_2X1);
    const payload = {
      name: 'CLI preview',
      scenes: [
        {
          sceneIdx: 0,
          scripts: [
            {
              org: 'One two three four five six seven eight nine ten',
              isTTS: false,
              tts: null,
              modelId: 'm',
              clothId: 'c',
            },
          ],
          background: { id: 'background', type: 'background', source_type: 'color', source_color: 'rgb(255,255,255)' },
          clips: [
            {
              id: 'i',
              type: 'image',
              layer: 1,
              left: 100,
              top: 100,
              width: 2,
              height: 1,
              scaleX: 200,
              scaleY: 200,
              source_url: 'pixels.png',
            },
          ],
        },
      ],
    };
    const file = join(dir, 'payload.json');
    writeFileSync(file, JSON.stringify(payload));
    const out = join(dir, 'out');
    const run = await vsynth(['preview', file, '--out', out, '--scale', '0.5']);
    expect(run.stderr).toContain('vsynth: 1 scene(s), about 4 s');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      storyboard: {
        scenes: { pngPath: string; svgPath: string; durationSeconds: number }[];
        contactSheetPath: string;
        warnings: unknown[];
      };
    };
    expect(result.storyboard.scenes).toEqual([
      { index: 0, svgPath: join(out, 'scene-000.svg'), pngPath: join(out, 'scene-000.png'), durationSeconds: 4 },
    ]);
    expect(result.storyboard.warnings).toEqual([]);
    expect(existsSync(result.storyboard.contactSheetPath)).toBe(true);
    const png = decodePng(readFileSync(join(out, 'scene-000.png')));
    expect([png.width, png.height]).toEqual([960, 540]);
  });

  it('compiles a TSX component with inline --props JSON and draws it, escaped', async () => {
    const out = join(dir, 'tsx');
    const inline = JSON.stringify({ customer: 'Ana <& Co>', plan: 'Pro', features: ['Exports'] });
    const run = await vsynth([
      'preview',
      'examples/library-demo.tsx',
      '--out',
      out,
      '--props',
      inline,
      '--scale',
      '0.25',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { storyboard: { scenes: { svgPath: string }[] } };
    expect(result.storyboard.scenes.length).toBeGreaterThan(0);
    const svgs = result.storyboard.scenes.map((scene) => readFileSync(scene.svgPath, 'utf8')).join('\n');
    expect(svgs).toContain('Ana &lt;&amp;');
  });

  it('draws a TSX video that only compiles to legacy from its legacy payload, and says so', async () => {
    const out = join(dir, 'legacy');
    const run = await vsynth(['preview', 'examples/legacy.tsx', '--out', out, '--scale', '0.1', '--timeout', '1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'vsynth: examples/legacy.tsx does not compile to v3 (<Avatar model="minho"> has no model object',
    );
    expect(run.stderr).toContain('drawing its legacy payload. Pass --target legacy to skip this note.');
    const result = JSON.parse(run.stdout) as { storyboard: { scenes: { pngPath: string }[] } };
    expect(result.storyboard.scenes.map((scene) => scene.pngPath)).toEqual([
      join(out, 'scene-000.png'),
      join(out, 'scene-001.png'),
    ]);
    // The Korean text clip finds an installed font, or the note says what to install (.ci/run installs it).
    if (loadFontCatalog().resolveFamily('Noto Sans CJK') === undefined)
      expect(run.stderr).toMatch(/No installed font draws .*: install fonts-noto-core and fonts-noto-cjk/);
    else expect(run.stderr).not.toContain('No installed font draws');
  });

  it('draws a TSX video without an avatar as variant B, and says so', async () => {
    const file = join(dir, 'no-avatar.tsx');
    writeFileSync(
      file,
      [
        "import { Scene, Text, Video } from '@vsynth/jsx-runtime';",
        'export default (',
        '  <Video name="Title card">',
        '    <Scene>',
        '      <Text>Only words</Text>',
        '    </Scene>',
        '  </Video>',
        ');',
      ].join('\n'),
    );
    const out = join(dir, 'no-avatar');
    const run = await vsynth(['preview', file, '--out', out, '--scale', '0.1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`vsynth: ${file} does not compile to v3 variant A (variant A needs an avatar`);
    expect(run.stderr).toContain('drawing its v3 variant B. Pass --variant B to skip this note.');
    expect(existsSync(join(out, 'scene-000.png'))).toBe(true);
  });

  it('takes --props as inline JSON on compile and diff as it does on preview (submit and studio read it the same way)', async () => {
    const inline = '{"customer":"Dana","plan":"Pro","features":["Exports"]}';
    const compiled = await vsynth(['compile', 'examples/library-demo.tsx', '--props', inline]);
    expect(compiled.code, compiled.stderr).toBe(0);
    expect(compiled.stdout).toContain('Dana');
    const diffed = await vsynth([
      'diff',
      'examples/library-demo.tsx',
      'examples/library-demo.tsx',
      '--props',
      inline,
      '--json',
    ]);
    expect(diffed.code, diffed.stderr).toBe(0);
    const bad = await vsynth(['compile', 'examples/library-demo.tsx', '--props', '["Dana"]']);
    expect(bad.stderr).toContain("--props must be a JSON object (the component's props), got an array.");
    expect(bad.code).toBe(2);
  });

  it('says what to install when --mp4 is asked for and ffmpeg is not on PATH (exit 2)', async () => {
    const file = join(dir, 'tiny.json');
    writeFileSync(
      file,
      JSON.stringify({ scenes: [{ sceneIdx: 0, background: { source_color: '#000000' }, clips: [] }] }),
    );
    const run = await vsynth(['preview', file, '--out', join(dir, 'nompeg'), '--mp4'], { PATH: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ffmpeg was not found on PATH');
    expect(run.stderr).toContain('apt-get install ffmpeg');
    // The PNGs are written before the draft is attempted.
    expect(existsSync(join(dir, 'nompeg', 'scene-000.png'))).toBe(true);
  });

  it('rejects a bad --scale and a file that is neither .tsx nor .json (exit 2)', async () => {
    const bad = await vsynth(['preview', 'examples/hello.tsx', '--out', join(dir, 'bad'), '--scale', 'big']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('vsynth: --scale takes a number greater than 0 and at most 8, got "big".');
    const csv = await vsynth(['preview', 'rows.csv', '--out', join(dir, 'bad')]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('rows.csv is neither a .tsx video nor a payload .json file');
    const variant = await vsynth([
      'preview',
      'examples/payloads/legacy.json',
      '--out',
      join(dir, 'bad'),
      '--variant',
      'B',
    ]);
    expect(variant.code).toBe(2);
    expect(variant.stderr).toContain('--variant applies to a .tsx video; a payload .json is drawn as it is.');
  });
});
