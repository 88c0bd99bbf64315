import fs from 'node:fs';
import path from 'node:path';

/**
 * Puts stylesheets in the test page as the browser has them (CSS imports are empty under the test
 * runner): what they hide (display: none) is then hidden from Testing Library's role queries too, as
 * from a screen reader. Paths are from the repository's root.
 */
export function addStyles(...files: string[]): () => void {
  const added = files.map((file) => {
    const style = document.createElement('style');
    style.textContent = fs.readFileSync(path.join(process.cwd(), file), 'utf8');
    document.head.append(style);
    return style;
  });
  return () => added.forEach((s) => s.remove());
}
