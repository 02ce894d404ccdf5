// Hands a file made in the page (a PNG, an HTML page) to the browser's download, under a given name.
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the address is let go a little later for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
