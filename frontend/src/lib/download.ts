/** Saves `data` as a JSON file named `fileName` in the browser's downloads. */
export function downloadJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.replace(/[^a-z0-9.@_-]/gi, '_');
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
