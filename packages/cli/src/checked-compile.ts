import type { CompileFileOptions, CompileResult } from '@vsynth/jsx-runtime';
import { discardPrestartedTextMeasurer, startTextMeasurer } from './text-measurer.js';

/** Help text of `--no-checks`, the same on every command that takes it. */
export const NO_CHECKS_HELP =
  'skip the layout, speech and text-measuring checks (their warnings); the payload is still validated';

/**
 * Compiles a TSX video as compile and submit do: with the checks on (the default), the warnings also hold
 * the text that needs more room than its box, measured with the preview's fonts and line breaking and
 * located at its `<Text>`. A legacy payload carries no text boxes to measure.
 *
 * @example const result = await compileChecked('video.tsx', { target: 'v3' })
 */
export async function compileChecked(file: string, options: CompileFileOptions): Promise<CompileResult> {
  const measuring = options.checks !== false && options.target !== 'legacy';
  const measurer = measuring ? startTextMeasurer() : undefined;
  if (!measuring) discardPrestartedTextMeasurer();
  let result: CompileResult;
  try {
    const { compileFile } = await import('@vsynth/jsx-runtime');
    result = await compileFile(file, options);
  } catch (error) {
    measurer?.close();
    throw error;
  }
  if (measurer === undefined) return result;
  const { locateIssues } = await import('@vsynth/jsx-runtime');
  const measured = locateIssues(result, await measurer.measure(result.payload));
  return measured.length === 0 ? result : { ...result, warnings: [...result.warnings, ...measured] };
}
