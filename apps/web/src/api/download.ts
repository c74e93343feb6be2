// Files answered by the API (exports, templates): the name from Content-Disposition, and saving in the browser.

/**
 * The file name of a `Content-Disposition` header: RFC 6266 `filename*=UTF-8''…` (percent-encoded, so Chinese
 * names survive) wins over the plain `filename="…"`; null without either.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  if (!plain) return null;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
  return name || null;
}

/** Hands a blob to the browser as a download named `filename` (object URL + `a[download]`). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // The click starts the download synchronously; revoke a little later so slow browsers still read it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
