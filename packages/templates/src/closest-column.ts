/**
 * The column a mistyped name most likely meant: core's `closestName` (one "did you mean" rule for
 * props, columns and helpers), under the name run-batch.ts still imports.
 *
 * @example closestColumn('frstName', ['firstName', 'email']) // 'firstName'
 */
export { closestName as closestColumn } from '@vsynth/core';
