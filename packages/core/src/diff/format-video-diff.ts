import type { AvatarName, ClipRef, Size, VideoChange, VideoDiff, VideoMeasures } from './video-diff.js';
import { formatWordDiff } from './word-diff.js';

/**
 * A {@link VideoDiff} as text for a reviewer, one change per line, then the estimates before and after;
 * `''` when the videos are equal.
 */
export function formatVideoDiff(diff: VideoDiff): string {
  if (diff.equal) return '';
  const lines = diff.changes.map(formatChange);
  lines.push(`estimate: ${formatMeasures(diff.before)} → ${formatMeasures(diff.after)}`);
  return `${lines.join('\n')}\n`;
}

function formatChange(change: VideoChange): string {
  switch (change.kind) {
    case 'scene-added':
      return `scene ${change.scene}: added (${change.label})`;
    case 'scene-removed':
      return `scene ${change.scene} (before): removed (${change.label})`;
    case 'scenes-reordered':
      return `scenes reordered: now in the former order ${change.order.join(', ')}`;
    case 'background':
      return `scene ${change.scene}: background ${change.before} → ${change.after}`;
    case 'script':
      return `scene ${change.scene}: script changed: ${formatWordDiff(change.words)}`;
    case 'clip-added':
      return `${clip(change.at)}: added`;
    case 'clip-removed':
      return `${clip(change.at, ' (before)')}: removed`;
    case 'moved':
      return `${clip(change.at)}: moved Δx ${signed(change.dx)} px, Δy ${signed(change.dy)} px`;
    case 'resized':
      return `${clip(change.at)}: resized ${size(change.before)} → ${size(change.after)} px`;
    case 'text':
      return `${clip(change.at)}: text changed: ${formatWordDiff(change.words)}`;
    case 'avatar':
      return `${clip(change.at)}: avatar ${avatar(change.before)} → ${avatar(change.after)}`;
    case 'layer':
      return `${clip(change.at)}: layer ${String(change.before)} → ${String(change.after)}`;
    case 'field': {
      const scene = change.scene === undefined ? 'video' : `scene ${change.scene}`;
      const where = change.at === undefined ? scene : clip(change.at);
      return `${where}: ${change.field} ${json(change.before)} → ${json(change.after)}`;
    }
  }
}

function clip(at: ClipRef, when = ''): string {
  return `scene ${at.scene} clip ${at.clip}${when} ${at.type} ${at.label}`;
}

function size(s: Size): string {
  return `${s.width}×${s.height}`;
}

function avatar(name: AvatarName): string {
  return `${String(name.ai_name)} (${String(name.emotion)})`;
}

function formatMeasures(m: VideoMeasures): string {
  const duration = m.durationSeconds === undefined ? '' : `${m.durationSeconds} s, `;
  return `${duration}${m.cubes} cube${m.cubes === 1 ? '' : 's'}, ${m.scenes} scene${m.scenes === 1 ? '' : 's'}`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function json(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length <= 60 ? text : `${text.slice(0, 59)}…`;
}
