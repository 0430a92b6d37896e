/**
 * Saves content as a file through a temporary object URL: works offline, no server round
 * trip. Used by the schedule's .ics and the dashboard's CSV exports.
 */
export function downloadFile(fileName: string, content: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(content, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: browsers may still be reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
