/**
 * Watches a changing set of files through `fs.watch` on their directories: an editor that saves by
 * renaming a temporary file over the original replaces the inode, which a watch on the file would lose.
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** A watch over files whose set may change. */
export interface FileWatch {
  /** Watches exactly these files (absolute paths) from now on. */
  set(files: Iterable<string>): void;
  close(): void;
}

/** Calls `onChange(file)` when one of the watched files is written, created, renamed or removed. */
export function watchFiles(onChange: (file: string) => void): FileWatch {
  let files = new Set<string>();
  const dirs = new Map<string, FSWatcher>();
  return {
    set(next) {
      files = new Set([...next].map((file) => path.resolve(file)));
      const wanted = new Set([...files].map((file) => path.dirname(file)));
      for (const [dir, watcher] of dirs) {
        if (wanted.has(dir)) continue;
        watcher.close();
        dirs.delete(dir);
      }
      for (const dir of wanted) {
        if (dirs.has(dir)) continue;
        try {
          const watcher = watch(dir, { persistent: true }, (_event, name) => {
            if (name === null) return;
            const file = path.join(dir, name.toString());
            if (files.has(file)) onChange(file);
          });
          // A directory removed while watched: nothing left to see there.
          watcher.on('error', () => {
            watcher.close();
            dirs.delete(dir);
          });
          dirs.set(dir, watcher);
        } catch {
          // A directory that does not exist (a module imported but not there): nothing to watch.
        }
      }
    },
    close() {
      for (const watcher of dirs.values()) watcher.close();
      dirs.clear();
    },
  };
}
