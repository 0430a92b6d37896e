/**
 * Saves text as a file through a temporary object URL. The byte-order mark lets
 * spreadsheet programs read the UTF-8 (accented names) correctly.
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later, not at once: browsers may still be reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
